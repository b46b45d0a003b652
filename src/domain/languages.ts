/** The languages Tourdesk speaks: English is the source of every message, Spanish (Spain) its first translation. */
export const LANGUAGES = ['en', 'es'] as const;
export type Language = (typeof LANGUAGES)[number];
export const DEFAULT_LANGUAGE: Language = 'en';

/** Each language named in itself, as a switch shows it. */
export const LANGUAGE_NAMES: Record<Language, string> = { en: 'English', es: 'Español' };

/** The locale that formats dates, times and numbers: Spain's for Spanish (24-hour times), Britain's for English. */
export const FORMAT_LOCALE: Record<Language, string> = { en: 'en-GB', es: 'es-ES' };

export const isLanguage = (value: unknown): value is Language => LANGUAGES.includes(value as Language);

/** The first of the reader's preferred languages (`navigator.languages`, `Accept-Language`) that Tourdesk speaks. */
export function pickLanguage(preferred: readonly string[]): Language {
  for (const tag of preferred) {
    const base = tag.trim().toLowerCase().split(/[-_;]/)[0];
    if (isLanguage(base)) return base;
  }
  return DEFAULT_LANGUAGE;
}
