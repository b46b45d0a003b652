import type { SourceMessages } from './i18nMessages';
import { placeholders, readIcu, selectCases } from './icuRules';

/** A catalogue file's content: English source message → its text in the file's language. */
export type Catalogue = Record<string, string>;

export interface CatalogueFile {
  path: string;
  /** The file's text, or null when it does not exist. */
  text: string | null;
}

const EXTRACT = 'run `npm run i18n:extract`';

/**
 * A catalogue as extract writes it: keys in code-unit order (the same on every machine, unlike a locale's collation),
 * one per line as prettier formats JSON. Written by hand so a key like "1" keeps its place, which JSON.stringify moves.
 */
export function catalogueText(catalogue: Catalogue): string {
  const keys = Object.keys(catalogue).sort();
  if (keys.length === 0) return '{}\n';
  return `{\n${keys.map((key) => `  ${JSON.stringify(key)}: ${JSON.stringify(catalogue[key])}`).join(',\n')}\n}\n`;
}

/** English, the source catalogue translation tools read: each message is its own text. */
export const sourceCatalogue = (source: SourceMessages): Catalogue =>
  Object.fromEntries([...source.keys()].map((message) => [message, message]));

/** A translation brought up to the source: translations kept, new messages "" (untranslated), gone ones dropped. */
export const updatedTranslation = (existing: Catalogue, source: SourceMessages): Catalogue =>
  Object.fromEntries([...source.keys()].map((message) => [message, existing[message] ?? '']));

/** A catalogue file's messages; throws, saying why, when it is not a flat JSON object of strings. */
export function parseCatalogue(text: string): Catalogue {
  const value: unknown = JSON.parse(text);
  if (typeof value !== 'object' || value === null || Array.isArray(value)) throw new Error('it is not a JSON object');
  const notText = Object.entries(value).find(([, text]) => typeof text !== 'string');
  if (notText) throw new Error(`"${notText[0]}" is not a string`);
  return value as Catalogue;
}

/**
 * What stops the catalogues from shipping, one line each with what to do: source messages that are not usable ICU,
 * an English catalogue other than what extract writes, and translations missing, empty, stale, not usable ICU, or
 * with placeholders or select cases other than their source's.
 */
export function checkCatalogues(source: SourceMessages, en: CatalogueFile, translations: CatalogueFile[]): string[] {
  const problems: string[] = [];
  const icu = new Map<string, ReturnType<typeof readIcu>>();
  for (const [message, at] of source) {
    const read = readIcu(message);
    icu.set(message, read);
    if ('problem' in read) problems.push(`${at}: "${message}" ${read.problem}`);
  }
  problems.push(...checkSourceCatalogue(source, en));
  for (const file of translations) {
    let catalogue: Catalogue;
    try {
      if (file.text === null) throw new Error('it does not exist');
      catalogue = parseCatalogue(file.text);
    } catch (error) {
      problems.push(`${file.path}: ${(error as Error).message}: ${EXTRACT}`);
      continue;
    }
    for (const message of source.keys()) {
      if (!(message in catalogue))
        problems.push(`${file.path}: "${message}" is missing: ${EXTRACT}, then translate it`);
    }
    for (const [message, translation] of Object.entries(catalogue)) {
      const say = (problem: string) => problems.push(`${file.path}: "${message}" → "${translation}" ${problem}`);
      const sourceIcu = icu.get(message);
      if (!sourceIcu) say(`is no longer in the source: ${EXTRACT} to drop it`);
      else if (translation === '') say('is not translated yet: write its translation');
      else translationProblems(translation, sourceIcu).forEach(say);
    }
  }
  return problems;
}

function checkSourceCatalogue(source: SourceMessages, en: CatalogueFile): string[] {
  const expected = catalogueText(sourceCatalogue(source));
  if (en.text === expected) return [];
  const fix = `${EXTRACT} and commit ${en.path}`;
  let catalogue: Catalogue;
  try {
    if (en.text === null) throw new Error('it does not exist');
    catalogue = parseCatalogue(en.text);
  } catch (error) {
    return [`${en.path}: ${(error as Error).message}: ${fix}`];
  }
  const missing = [...source.keys()].filter((message) => !(message in catalogue));
  const stale = Object.keys(catalogue).filter((message) => !source.has(message));
  if (missing.length === 0 && stale.length === 0) return [`${en.path} is not as extract writes it: ${fix}`];
  return [
    ...missing.map((message) => `${en.path}: "${message}" (${source.get(message)}) is missing: ${fix}`),
    ...stale.map((message) => `${en.path}: "${message}" is no longer in the source: ${fix}`),
  ];
}

function translationProblems(translation: string, source: ReturnType<typeof readIcu>): string[] {
  const read = readIcu(translation);
  if ('problem' in read) return [read.problem];
  // A source that is not usable ICU is reported where it is written; its translation waits for the fix.
  if ('problem' in source) return [];
  const problems: string[] = [];
  const [want, have] = [placeholders(source.icu), placeholders(read.icu)];
  if (want.join() !== have.join()) {
    problems.push(
      `has the placeholders ${braced(have)} where the source has ${braced(want)}: ` +
        'keep the names in braces exactly as the source writes them',
    );
  }
  const sourceCases = selectCases(source.icu);
  for (const [name, cases] of selectCases(read.icu)) {
    const unknown = [...cases].filter((value) => !sourceCases.get(name)?.has(value));
    if (unknown.length > 0 && sourceCases.has(name)) {
      problems.push(
        `has the case ${unknown.join(', ')} in {${name}, select}, which the source lacks: ` +
          'keep the case names exactly as the source writes them',
      );
    }
  }
  return problems;
}

const braced = (names: string[]) => (names.length ? names.map((name) => `{${name}}`).join(', ') : 'none');
