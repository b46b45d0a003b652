/**
 * ICU MessageFormat, the part the catalogues use: `{name}`, `{n, plural, =0 {…} one {# …} other {# …}}` and
 * `{x, select, a {…} other {…}}`, nested, with `'` quoting as ICU has it (`''` is an apostrophe, `'{…}'` literal).
 * `npm run i18n:check` holds every catalogue message to this part with a full ICU parser, so what translators write
 * is standard ICU. Each message is parsed once per process.
 */
export type MessageValues = Record<string, string | number>;

type Part = string | { arg: string } | { arg: string; kind: 'plural' | 'select'; cases: Record<string, Part[]> };

const parsed = new Map<string, Part[]>();

function parse(message: string): Part[] {
  let at = 0;
  const fail = (why: string) => new Error(`Message "${message}": ${why} at ${at}`);
  const word = () => {
    const match = /^\s*([^\s,{}]+)\s*/.exec(message.slice(at));
    if (!match) throw fail('a name is missing');
    at += match[0].length;
    return match[1]!;
  };
  const parts = (inPlural: boolean): Part[] => {
    const out: Part[] = [];
    let text = '';
    while (at < message.length) {
      const c = message[at]!;
      if (c === '}') break;
      if (c === "'" && message[at + 1] === "'") {
        text += "'";
        at += 2;
      } else if (c === "'" && /[{}#]/.test(message[at + 1] ?? '')) {
        const end = message.indexOf("'", at + 1);
        text += message.slice(at + 1, end === -1 ? undefined : end);
        at = end === -1 ? message.length : end + 1;
      } else if (c === '#' && inPlural) {
        if (text) out.push(text);
        text = '';
        out.push({ arg: '#' });
        at++;
      } else if (c === '{') {
        if (text) out.push(text);
        text = '';
        at++;
        out.push(argument(inPlural));
      } else {
        text += c;
        at++;
      }
    }
    if (text) out.push(text);
    return out;
  };
  const argument = (inPlural: boolean): Part => {
    const arg = word();
    if (message[at] === '}') {
      at++;
      return { arg };
    }
    if (message[at++] !== ',') throw fail('"," or "}" expected');
    const kind = word();
    if (kind !== 'plural' && kind !== 'select') throw fail(`"${kind}" is not plural or select`);
    if (message[at++] !== ',') throw fail('"," expected');
    const cases: Record<string, Part[]> = {};
    while (message[at] !== '}') {
      const key = word();
      if (message[at++] !== '{') throw fail(`"{" expected after ${key}`);
      cases[key] = parts(kind === 'plural' || inPlural);
      if (message[at++] !== '}') throw fail(`"}" expected after case ${key}`);
      at += /^\s*/.exec(message.slice(at))![0].length;
      if (at >= message.length) throw fail('"}" missing');
    }
    at++;
    if (!cases.other) throw fail(`${arg} has no "other" case`);
    return { arg, kind, cases };
  };
  const out = parts(false);
  if (at < message.length) throw fail('unmatched "}"');
  return out;
}

const numberFormats = new Map<string, Intl.NumberFormat>();
const pluralRules = new Map<string, Intl.PluralRules>();
const cached = <T>(map: Map<string, T>, locale: string, make: () => T) =>
  map.get(locale) ?? map.set(locale, make()).get(locale)!;

function render(parts: Part[], values: MessageValues, locale: string, count?: number): string {
  let out = '';
  for (const part of parts) {
    if (typeof part === 'string') {
      out += part;
      continue;
    }
    const value = part.arg === '#' ? count : values[part.arg];
    if (!('kind' in part)) {
      out +=
        typeof value === 'number'
          ? cached(numberFormats, locale, () => new Intl.NumberFormat(locale)).format(value)
          : (value ?? '');
      continue;
    }
    let chosen = part.cases.other!;
    let inner = count;
    if (part.kind === 'plural') {
      const n = Number(value);
      const rule = cached(pluralRules, locale, () => new Intl.PluralRules(locale)).select(n);
      chosen = part.cases[`=${n}`] ?? part.cases[rule] ?? chosen;
      inner = n;
    } else {
      chosen = part.cases[String(value)] ?? chosen;
    }
    out += render(chosen, values, locale, inner);
  }
  return out;
}

/** `message` (ICU) in `locale` with `values` put in: numbers and `#` as the locale writes them. */
export function formatMessage(message: string, values: MessageValues = {}, locale = 'en'): string {
  let parts = parsed.get(message);
  if (!parts) {
    parts = parse(message);
    parsed.set(message, parts);
  }
  return render(parts, values, locale);
}
