import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import type { ReactNode } from 'react';
import { clockInZone } from '../domain/zonedDates';
import { useT } from '../services/i18n/useT';

/**
 * Street mode's one voice on a page, calm and the same everywhere: what the page shows comes from the device, or is
 * not on it. The header's sync pill says the rest (offline, waiting, sent); failures that are not the network's
 * stay errors.
 */
export function OfflineNotice({ children, onRetry }: { children: ReactNode; onRetry?: () => void }) {
  const t = useT();
  return (
    <Alert
      severity="info"
      role="status"
      action={
        onRetry && (
          <Button color="inherit" onClick={() => onRetry()}>
            {t('Try again')}
          </Button>
        )
      }
    >
      {children}
    </Alert>
  );
}

/** Over a day or a slot read from the device because the network is gone: how old what it shows is. */
export function AsOfNotice({ asOf, timezone }: { asOf: string | undefined; timezone: string }) {
  const t = useT();
  if (!asOf) return null;
  return <OfflineNotice>{t('Offline · as of {time}', { time: clockInZone(timezone, new Date(asOf)) })}</OfflineNotice>;
}
