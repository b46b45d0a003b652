import { DEFAULT_LANGUAGE, LANGUAGES, type Language } from '../domain/languages';
import { useLanguage, useT } from '../services/i18n/useT';
import { useStoredChoice } from '../services/storedChoice';
import { LanguageSelect } from './LanguageSelect';

/**
 * The language of a CSV's header row: English by default, since accounting tools may expect the spec's names; the
 * reader's own language when they choose it. The choice is remembered on this device.
 */
export function useCsvHeaderLanguage() {
  const reader = useLanguage();
  const [stored, choose] = useStoredChoice<Language>('csv-header-language', LANGUAGES, DEFAULT_LANGUAGE);
  // A choice made while reading another language falls back to English.
  const language = stored === reader ? reader : DEFAULT_LANGUAGE;
  return { language, reader, choose } as const;
}

interface CsvHeaderLanguageFieldProps {
  choice: ReturnType<typeof useCsvHeaderLanguage>;
}

/** Beside a Download CSV button; an English reader has nothing to choose, so sees nothing. */
export function CsvHeaderLanguageField({ choice }: CsvHeaderLanguageFieldProps) {
  const t = useT();
  if (choice.reader === DEFAULT_LANGUAGE) return null;
  return (
    <LanguageSelect
      size="small"
      label={t('CSV column names')}
      value={choice.language}
      options={[DEFAULT_LANGUAGE, choice.reader]}
      onChange={choice.choose}
      sx={{ minWidth: 200, width: { xs: '100%', sm: 'auto' } }}
    />
  );
}
