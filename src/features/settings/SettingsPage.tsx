import Alert from '@mui/material/Alert';
import { useSignedInUser } from '../../app/hooks';
import { Page } from '../../components/Page';
import { SettingsForm } from './SettingsForm';

/** Issue 21: the company's own settings, for Managers (the server refuses a Guide too). */
export function SettingsPage() {
  const user = useSignedInUser();
  return (
    <Page title="Settings">
      {user.role === 'Manager' ? (
        <SettingsForm company={user.company} />
      ) : (
        <Alert severity="info">Only Managers can change the company’s settings.</Alert>
      )}
    </Page>
  );
}
