import Alert from '@mui/material/Alert';
import Stack from '@mui/material/Stack';
import { useSignedInUser } from '../../app/hooks';
import { Page } from '../../components/Page';
import { useCompany } from '../../services/companyApi';
import { useT } from '../../services/i18n/useT';
import { ApiKeysSection } from './ApiKeysSection';
import { CatalogSection } from './CatalogSection';
import { SettingsForm } from './SettingsForm';
import { TimetableSection } from './TimetableSection';

/** The company's own settings, for Managers (the server refuses a Guide too). */
export function SettingsPage() {
  const t = useT();
  const user = useSignedInUser();
  const company = useCompany();
  return (
    <Page title={t('Settings')}>
      {user.role === 'Manager' ? (
        <Stack spacing={3}>
          <SettingsForm company={company} />
          <CatalogSection company={company} plural="tours" />
          <TimetableSection company={company} />
          <CatalogSection company={company} plural="sources" />
          <ApiKeysSection company={company} />
        </Stack>
      ) : (
        <Alert severity="info">{t('Only Managers can change the company’s settings.')}</Alert>
      )}
    </Page>
  );
}
