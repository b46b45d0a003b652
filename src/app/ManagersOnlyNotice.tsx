import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import { Link as RouterLink, useLocation } from 'react-router-dom';
import { Page } from '../components/Page';
import { useT } from '../services/i18n/useT';
import { navLinkAt } from './navLinks';

/** What a Guide sees at a Manager's page: whose page it is, and the way back. */
export default function ManagersOnlyNotice() {
  const { pathname } = useLocation();
  const t = useT();
  const link = navLinkAt(pathname);
  return (
    <Page title={link ? t(link.label) : t('This page')}>
      <Typography>
        {link ? t('{page} is for Managers only.', { page: t(link.label) }) : t('This page is for Managers only.')}
      </Typography>
      <div>
        <Button component={RouterLink} to="/" variant="outlined">
          {t('Back to today’s bookings')}
        </Button>
      </div>
    </Page>
  );
}
