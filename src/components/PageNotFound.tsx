import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import { Link as RouterLink } from 'react-router-dom';
import { Page } from './Page';

/** Also used by pages whose address has the right shape but names nothing, e.g. a day that is not a date. */
export function PageNotFound({ message = 'There is nothing at this address.' }: { message?: string }) {
  return (
    <Page title="Page not found">
      <Typography>{message}</Typography>
      <Typography>
        <Link component={RouterLink} to="/">
          Go to today&apos;s bookings
        </Link>
      </Typography>
    </Page>
  );
}
