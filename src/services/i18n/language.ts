import { DEFAULT_LANGUAGE, type Language } from '../../domain/languages';
import { formatMessage, type MessageValues } from '../../domain/messageFormat';

/** A language's messages, keyed by the English source message (src/locales/<language>.json). */
export type Catalogue = Record<string, string>;

// English is the source: its messages are the keys, so English readers load no catalogue. Each other language's
// catalogue is its own chunk, loaded the first time someone reads it.
const loaders: Record<Exclude<Language, 'en'>, () => Promise<Catalogue>> = {
  es: () => import(/* webpackChunkName: "locale-es" */ '../../locales/es.json').then((m) => m.default as Catalogue),
};

let current: { language: Language; catalogue: Catalogue } = { language: DEFAULT_LANGUAGE, catalogue: {} };
const listeners = new Set<() => void>();

export const currentLanguage = (): Language => current.language;

export function onLanguageChange(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** Switches every screen to `language` once its catalogue is here; `<html lang>` follows. */
export async function setLanguage(language: Language): Promise<void> {
  if (language === current.language) return;
  const catalogue = language === 'en' ? {} : await loaders[language]();
  current = { language, catalogue };
  document.documentElement.lang = language;
  listeners.forEach((listener) => listener());
}

/**
 * `message` (English, ICU) in the current language with `values` put in. A message the catalogue lacks reads in
 * English rather than not at all; `npm run i18n:check` keeps that from shipping.
 */
export function translate(message: string, values?: MessageValues): string {
  const { language, catalogue } = current;
  return formatMessage(catalogue[message] || message, values, language);
}

/** Whether the current catalogue words `message` (English has no catalogue: never). */
export function isTranslated(message: string): boolean {
  return Boolean(current.catalogue[message]);
}

export { msg } from '../../domain/messageFormat';
