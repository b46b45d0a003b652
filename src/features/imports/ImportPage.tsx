import Alert from '@mui/material/Alert';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useSignedInUser } from '../../app/hooks';
import { Page } from '../../components/Page';
import { useCompany } from '../../services/companyApi';
import { useT } from '../../services/i18n/useT';
import { ImportWizard } from './ImportWizard';
import { RecentImports } from './RecentImports';
import { RefusedChanges } from './RefusedChanges';

/** A channel's CSV export brought in as bookings, for Managers (the server refuses a Guide too). */
export function ImportPage() {
  const t = useT();
  const user = useSignedInUser();
  const company = useCompany();
  return (
    <Page title={t('Import bookings')}>
      {user.role === 'Manager' ? (
        <Stack spacing={3}>
          <Typography color="text.secondary">
            {t(
              'A booking is matched by its source and its booking ID: importing a file again changes nothing, a changed row updates its booking, a cancelled row cancels it, and check-ins already made are kept: a row that would cancel or move a booking with guests checked in is rejected, and listed below.',
            )}
          </Typography>
          <ImportWizard company={company} />
          <RecentImports timezone={company.timezone} />
          <RefusedChanges timezone={company.timezone} />
        </Stack>
      ) : (
        <Alert severity="info">{t('Only Managers can import bookings.')}</Alert>
      )}
    </Page>
  );
}
