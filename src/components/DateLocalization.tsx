import { AdapterDateFns } from '@mui/x-date-pickers/AdapterDateFns';
import { LocalizationProvider } from '@mui/x-date-pickers/LocalizationProvider';
import { enGB } from 'date-fns/locale/en-GB';
import type { ReactNode } from 'react';

/** Spec §5: dates read day/month/year, without leading zeros (7/6/2026). */
export const DISPLAY_DAY_FORMAT = 'd/M/yyyy';

/**
 * ARCHITECTURE §6's one date setup (AdapterDateFns, en-GB). Import it only from lazy pages and dialogs: the pickers
 * would otherwise land in the main bundle.
 */
export function DateLocalization({ children }: { children: ReactNode }) {
  return (
    <LocalizationProvider dateAdapter={AdapterDateFns} adapterLocale={enGB}>
      {children}
    </LocalizationProvider>
  );
}
