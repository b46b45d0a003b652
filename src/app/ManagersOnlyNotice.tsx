import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import { Link as RouterLink, useLocation } from 'react-router-dom';
import { Page } from '../components/Page';
import { navLinkAt } from './navLinks';

/** What a Guide sees at a Manager's page: whose page it is, and the way back. */
export default function ManagersOnlyNotice() {
  const { pathname } = useLocation();
  const page = navLinkAt(pathname)?.label ?? 'This page';
  return (
    <Page title={page}>
      <Typography>{page} is for Managers only.</Typography>
      <div>
        <Button component={RouterLink} to="/" variant="outlined">
          Back to today’s bookings
        </Button>
      </div>
    </Page>
  );
}
