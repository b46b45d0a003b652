import {
  isArgumentElement,
  isDateElement,
  isNumberElement,
  isPluralElement,
  isSelectElement,
  isTimeElement,
  parse,
  type MessageFormatElement,
} from '@formatjs/icu-messageformat-parser';
import { formatMessage } from '../src/domain/messageFormat';

export type Icu = MessageFormatElement[];

const SUPPORTED = "Tourdesk's formatter reads only {name}, plural (#, =N, categories) and select";

/**
 * `message` read by a full ICU parser, or why it cannot be used: not ICU at all, or ICU beyond what
 * src/domain/messageFormat.ts formats. Our messages hold no tags, so `<` is plain text.
 */
export function readIcu(message: string): { icu: Icu } | { problem: string } {
  let icu: Icu;
  try {
    icu = parse(message, { ignoreTag: true });
  } catch (error) {
    const kind = (error as Error).message;
    if (kind === 'MISSING_OTHER_CLAUSE') return { problem: 'has a plural or select without an "other" case: add one' };
    return { problem: `is not valid ICU (${kind}): see the syntax in TRANSLATING.md` };
  }
  const beyond = beyondFormatter(icu);
  if (beyond) return { problem: `${beyond} (${SUPPORTED})` };
  try {
    formatMessage(message);
  } catch (error) {
    return { problem: `cannot be read by Tourdesk's formatter (${(error as Error).message}): ${SUPPORTED}` };
  }
  return { icu };
}

function beyondFormatter(icu: Icu): string | null {
  for (const element of icu) {
    if (isNumberElement(element) || isDateElement(element) || isTimeElement(element)) {
      const name = element.value;
      return `formats {${name}} inside the message: format it with Intl in the code, pass it as plain {${name}}`;
    }
    if (isPluralElement(element) && element.pluralType === 'ordinal') {
      return `uses {${element.value}, selectordinal}: write it with plural or select`;
    }
    if (isPluralElement(element) && element.offset !== 0) {
      return `uses an offset in {${element.value}, plural}: write the plural without it`;
    }
    if (isPluralElement(element) || isSelectElement(element)) {
      for (const option of Object.values(element.options)) {
        const inner = beyondFormatter(option.value);
        if (inner) return inner;
      }
    }
  }
  return null;
}

/** The argument names at any depth, sorted: what the caller passes in, so a translation keeps them all. */
export function placeholders(icu: Icu): string[] {
  const names = new Set<string>();
  const walk = (elements: Icu) => {
    for (const element of elements) {
      if (isArgumentElement(element) || isNumberElement(element) || isDateElement(element) || isTimeElement(element)) {
        names.add(element.value);
      } else if (isPluralElement(element) || isSelectElement(element)) {
        names.add(element.value);
        Object.values(element.options).forEach((option) => walk(option.value));
      }
    }
  };
  walk(icu);
  return [...names].sort();
}

/** Each select's case names at any depth (`manager`, `guide`…): codes the caller passes, not words to translate. */
export function selectCases(icu: Icu): Map<string, Set<string>> {
  const cases = new Map<string, Set<string>>();
  const walk = (elements: Icu) => {
    for (const element of elements) {
      if (isSelectElement(element)) {
        const names = cases.get(element.value) ?? new Set<string>();
        Object.keys(element.options).forEach((name) => names.add(name));
        cases.set(element.value, names);
      }
      if (isPluralElement(element) || isSelectElement(element)) {
        Object.values(element.options).forEach((option) => walk(option.value));
      }
    }
  };
  walk(icu);
  return cases;
}
