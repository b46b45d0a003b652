import { AdapterDateFns } from '@mui/x-date-pickers/AdapterDateFns';
import { LocalizationProvider } from '@mui/x-date-pickers/LocalizationProvider';
import { esES } from '@mui/x-date-pickers/locales';
import { enGB } from 'date-fns/locale/en-GB';
import { es } from 'date-fns/locale/es';
import type { ReactNode } from 'react';
import { useLanguage } from '../services/i18n/useT';

/** Spec §5: dates read day/month/year, without leading zeros (7/6/2026). */
export const DISPLAY_DAY_FORMAT = 'd/M/yyyy';

/**
 * ARCHITECTURE §6's one date setup (AdapterDateFns, en-GB; in Spanish Spain's month and weekday names and the pickers'
 * own labels). Import it only from lazy pages and dialogs: the pickers would otherwise land in the main bundle.
 */
export function DateLocalization({ children }: { children: ReactNode }) {
  const spanish = useLanguage() === 'es';
  return (
    <LocalizationProvider
      dateAdapter={AdapterDateFns}
      adapterLocale={spanish ? es : enGB}
      localeText={spanish ? esES.components.MuiLocalizationProvider.defaultProps.localeText : undefined}
    >
      {children}
    </LocalizationProvider>
  );
}
