import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import { Link as RouterLink, Outlet, useLocation } from 'react-router-dom';
import { Page } from '../components/Page';
import { useSignedInUser } from './hooks';
import { navLinkAt } from './navLinks';

/**
 * Pages whose every call the server answers for Managers only. A Guide who follows an old link or types the address
 * is told so, with the way back, instead of a form whose request would be refused (and the page is not downloaded).
 * Built of what every page already loads: it adds next to nothing to the first load.
 */
export function ManagersOnly() {
  const { role } = useSignedInUser();
  const { pathname } = useLocation();
  if (role === 'Manager') return <Outlet />;
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
