import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import { Link as RouterLink } from 'react-router-dom';
import { Page } from '../components/Page';

export function NotFoundPage() {
  return (
    <Page title="Page not found">
      <Typography>There is nothing at this address.</Typography>
      <Typography>
        <Link component={RouterLink} to="/">
          Go to today&apos;s bookings
        </Link>
      </Typography>
    </Page>
  );
}
