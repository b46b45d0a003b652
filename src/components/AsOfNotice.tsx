import Alert from '@mui/material/Alert';
import { clockInZone } from '../domain/zonedDates';

/** Over a day or a slot read from the device because the network is gone: how old what it shows is. */
export function AsOfNotice({ asOf, timezone }: { asOf: string | undefined; timezone: string }) {
  if (!asOf) return null;
  return (
    <Alert severity="warning" role="status">
      Offline · as of {clockInZone(timezone, new Date(asOf))}
    </Alert>
  );
}
