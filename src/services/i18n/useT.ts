import { useCallback, useSyncExternalStore } from 'react';
import type { Language } from '../../domain/languages';
import type { MessageValues } from '../../domain/messageFormat';
import { currentLanguage, onLanguageChange, translate } from './language';

export type Translate = (message: string, values?: MessageValues) => string;

/** The reader's language, re-rendering the component when it changes (Account › Language, the login switch). */
export function useLanguage(): Language {
  return useSyncExternalStore(onLanguageChange, currentLanguage);
}

/** `t('Check in')`, `t('{count, plural, one {# booking} other {# bookings}}', { count })`: see TRANSLATING.md. */
export function useT(): Translate {
  const language = useLanguage();
  // A new function per language, so memoised values that use it are recomputed on a switch.
  // eslint-disable-next-line react-hooks/exhaustive-deps
  return useCallback<Translate>((message, values) => translate(message, values), [language]);
}
