import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import { LANGUAGE_NAMES, LANGUAGES } from '../../domain/languages';
import { chooseLanguage } from '../../services/i18n/languageChoice';
import { useLanguage, useT } from '../../services/i18n/useT';

/** Before sign-in: the languages, each named in itself; the browser's choice until someone picks. */
export function LanguageSwitch() {
  const t = useT();
  const current = useLanguage();
  return (
    <Stack direction="row" spacing={1} role="group" aria-label={t('Language')}>
      {LANGUAGES.map((language) => (
        <Button
          key={language}
          lang={language}
          size="small"
          aria-pressed={language === current}
          variant={language === current ? 'outlined' : 'text'}
          onClick={() => void chooseLanguage(language)}
        >
          {LANGUAGE_NAMES[language]}
        </Button>
      ))}
    </Stack>
  );
}
