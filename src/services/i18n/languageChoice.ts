import { LANGUAGES, pickLanguage, type Language } from '../../domain/languages';
import { readStoredChoice, storeChoice } from '../storedChoice';
import { setLanguage } from './language';

const KEY = 'language';

/**
 * The language of the first screen: the one this browser was last shown (a member's, or the login page's switch),
 * else the first of the browser's preferred languages that Tourdesk speaks.
 */
export function initialLanguage(): Language {
  const preferred = pickLanguage(navigator.languages ?? [navigator.language]);
  return readStoredChoice(KEY, LANGUAGES, preferred);
}

/** Shows every screen in `language` and remembers it for the next visit, signed in or not. */
export async function chooseLanguage(language: Language): Promise<void> {
  storeChoice(KEY, language);
  await setLanguage(language);
}
