import en from '../../src/locales/en.json';
import es from '../../src/locales/es.json';

const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** Where the `{` at `open` closes (the end of the text if it never does). */
function matchingBrace(text: string, open: number): number {
  let depth = 0;
  for (let at = open; at < text.length; at++) {
    depth += text[at] === '{' ? 1 : text[at] === '}' ? -1 : 0;
    if (depth === 0) return at;
  }
  return text.length;
}

/** An English message as a pattern of what it can read on screen: a placeholder reads as anything, `#` as a number. */
function pattern(message: string, inPlural = false): string {
  let out = '';
  for (let at = 0; at < message.length;) {
    const open = message.indexOf('{', at);
    const end = open < 0 ? message.length : open;
    out += message
      .slice(at, end)
      .split('#')
      .map(escape)
      .join(inPlural ? '[\\d.,\\s]+' : '#');
    if (open < 0) break;
    const close = matchingBrace(message, open);
    const inner = message.slice(open + 1, close);
    const choice = /^\s*\w+\s*,\s*(plural|select)\s*,/.exec(inner);
    if (!choice) out += '.+?';
    else {
      const cases: string[] = [];
      for (let at = choice[0].length; at < inner.length;) {
        const key = /^\s*[=\w]+\s*\{/.exec(inner.slice(at));
        if (!key) break;
        const from = at + key[0].length;
        const to = matchingBrace(inner, from - 1);
        cases.push(inner.slice(from, to));
        at = to + 1;
      }
      out += `(?:${cases.map((body) => pattern(body, inPlural || choice[1] === 'plural')).join('|')})`;
    }
    at = close + 1;
  }
  return out;
}

// Messages Spanish words differently, as patterns; those with no letters of their own ("{name}") match anything.
const english = Object.keys(en)
  .filter((message) => (es as Record<string, string>)[message] && (es as Record<string, string>)[message] !== message)
  .filter((message) => /[A-Za-z]{2}/.test(message.replace(/\{[^{}]*\}/g, '')))
  .map((message) => ({ message, re: new RegExp(`^${pattern(message)}$`) }));

/** The texts (trimmed, non-empty) that are an English message Spanish words otherwise, each with its message. */
export function englishAmong(texts: readonly string[]): string[] {
  const left = new Set<string>();
  for (const text of texts.map((t) => t.trim()).filter(Boolean)) {
    const found = english.find(({ re }) => re.test(text));
    if (found) left.add(`"${text}" (${found.message})`);
  }
  return [...left];
}
