/**
 * ICU MessageFormat, the part the catalogues use: `{name}`, `{n, plural, =0 {…} one {# …} other {# …}}` and
 * `{x, select, a {…} other {…}}`, nested, with `'` quoting as ICU has it (`''` is an apostrophe, `'{…}'` literal).
 * `npm run i18n:check` holds every message to this part with a full ICU parser, so this one stays small: it runs on
 * every page. Each message is parsed once per process.
 */
export type MessageValues = Record<string, string | number>;

/** Text, `{name}` or `#` (`[name]`), or a plural or select (`[name, cases]`). */
type Part = string | [string, Record<string, Part[]>?, boolean?];

const parsed = new Map<string, Part[]>();

function parse(message: string): Part[] {
  let at = 0;
  const fail = (why: string) => new Error(`Message "${message}": ${why}`);
  const word = () => {
    const match = /^\s*([^\s,{}]+)\s*/.exec(message.slice(at));
    if (!match) throw fail(`a name is missing at ${at}`);
    at += match[0].length;
    return match[1]!;
  };
  const parts = (inPlural: boolean): Part[] => {
    const out: Part[] = [''];
    let c: string | undefined;
    while ((c = message[at]) && c !== '}') {
      const next = message[at + 1] ?? '';
      let part: Part = c;
      at++;
      if (c === "'" && next === "'") {
        at++;
      } else if (c === "'" && /[{}#]/.test(next)) {
        const end = message.indexOf("'", at);
        part = message.slice(at, end < 0 ? undefined : end);
        at = end < 0 ? message.length : end + 1;
      } else if (c === '#' && inPlural) {
        part = ['#'];
      } else if (c === '{') {
        part = argument(inPlural);
      }
      if (typeof part === 'string' && typeof out[out.length - 1] === 'string') out[out.length - 1] += part;
      else out.push(part, '');
    }
    return out;
  };
  const argument = (inPlural: boolean): Part => {
    const name = word();
    if (message[at++] === '}') return [name];
    const kind = word();
    const plural = kind === 'plural';
    if (!plural && kind !== 'select') throw fail(`"${kind}" is not plural or select`);
    at++; // the comma before the cases
    const cases: Record<string, Part[]> = {};
    while (message[at] !== '}') {
      const key = word();
      if (message[at++] !== '{') throw fail(`"{" expected after ${key}`);
      cases[key] = parts(plural || inPlural);
      if (message[at++] !== '}') throw fail(`"}" expected after ${key}`);
      at += /^\s*/.exec(message.slice(at))![0].length;
    }
    at++;
    if (!cases.other) throw fail(`${name} has no "other" case`);
    return [name, cases, plural];
  };
  const out = parts(false);
  if (at < message.length) throw fail('unmatched "}"');
  return out;
}

const formats = new Map<string, [Intl.NumberFormat, Intl.PluralRules]>();

function render(parts: Part[], values: MessageValues, locale: string, count = 0): string {
  const [number, plurals] =
    formats.get(locale) ??
    formats.set(locale, [new Intl.NumberFormat(locale), new Intl.PluralRules(locale)]).get(locale)!;
  return parts
    .map((part) => {
      if (typeof part === 'string') return part;
      const [name, cases, plural] = part;
      const value = name === '#' ? count : values[name];
      if (!cases) return typeof value === 'number' ? number.format(value) : (value ?? '');
      const n = Number(value);
      const key = plural ? (cases[`=${n}`] ? `=${n}` : plurals.select(n)) : String(value);
      return render(cases[key] ?? cases.other!, values, locale, plural ? n : count);
    })
    .join('');
}

/** `message` (ICU) in `locale` with `values` put in: numbers and `#` as the locale writes them. */
export function formatMessage(message: string, values: MessageValues = {}, locale = 'en'): string {
  let parts = parsed.get(message);
  if (!parts) parsed.set(message, (parts = parse(message)));
  return render(parts, values, locale);
}

/**
 * Marks a message kept in a constant (here, in a zod schema, in a table of labels) for `npm run i18n:extract`; the
 * screen that shows it translates it with `t(constant)`.
 */
export const msg = (message: string): string => message;
