import type { Language } from '../../src/domain/languages';
import { formatMessage, type MessageValues } from '../../src/domain/messageFormat';
import es from '../../src/locales/es.json';

const CATALOGUES: Record<Language, Readonly<Record<string, string>>> = { en: {}, es };

/**
 * `message` (the app's English, ICU) as the app words it in `language`: for what the server writes for a person who
 * reads another language (a CSV's header row, later the guests' emails). Untranslated reads in English.
 */
export function translateFor(language: Language, message: string, values?: MessageValues): string {
  return formatMessage(CATALOGUES[language][message] || message, values, language);
}
