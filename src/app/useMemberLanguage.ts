import { useEffect } from 'react';
import { chooseLanguage } from '../services/i18n/languageChoice';
import { useAppSelector } from './hooks';

/**
 * The signed-in member's language (theirs on the server: Account › Language, any device) becomes every screen's. A
 * session stored before members had one keeps the language on screen.
 */
export function useMemberLanguage(): void {
  const language = useAppSelector((state) => state.auth.user?.language);
  useEffect(() => {
    if (language) void chooseLanguage(language);
  }, [language]);
}
