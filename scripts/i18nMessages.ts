import ts from 'typescript';

/** The source messages: each English ICU message and where it is first used (`src/x.tsx:12`). */
export type SourceMessages = Map<string, string>;

export interface SourceFile {
  path: string;
  text: string;
}

/** The functions whose first argument is a message (src/services/i18n). */
const MESSAGE_CALLS = new Set(['t', 'translate', 'msg']);

/**
 * Every message the files pass to `t`, `translate` or `msg` as a literal, and a problem for each call whose message is
 * built inline: no catalogue can hold it. A constant (`t(label)`, `t(LABELS[type])`) is fine: `msg` marked it.
 */
export function findMessages(files: readonly SourceFile[]): { messages: SourceMessages; problems: string[] } {
  const messages: SourceMessages = new Map();
  const problems: string[] = [];
  for (const file of files) {
    const kind = file.path.endsWith('.tsx') ? ts.ScriptKind.TSX : ts.ScriptKind.TS;
    const source = ts.createSourceFile(file.path, file.text, ts.ScriptTarget.Latest, false, kind);
    const visit = (node: ts.Node) => {
      if (ts.isCallExpression(node) && ts.isIdentifier(node.expression) && MESSAGE_CALLS.has(node.expression.text)) {
        const [message] = node.arguments;
        const at = `${file.path}:${source.getLineAndCharacterOfPosition(node.getStart(source)).line + 1}`;
        if (message && (ts.isStringLiteral(message) || ts.isNoSubstitutionTemplateLiteral(message))) {
          if (!messages.has(message.text)) messages.set(message.text, at);
        } else if (message && !isConstant(message)) {
          problems.push(`${at}: ${node.expression.text}(${excerpt(message.getText(source))}) ${BUILT_INLINE}`);
        }
      }
      ts.forEachChild(node, visit);
    };
    visit(source);
  }
  return { messages, problems };
}

const BUILT_INLINE =
  'builds its message inline, so it cannot be translated: write the whole message as one literal with ' +
  '{placeholders} and pass the values as the second argument';

const excerpt = (code: string) => {
  const line = code.replace(/\s+/g, ' ');
  return line.length > 60 ? `${line.slice(0, 57)}...` : line;
};

const isConstant = (node: ts.Expression) =>
  ts.isIdentifier(node) || ts.isPropertyAccessExpression(node) || ts.isElementAccessExpression(node);
