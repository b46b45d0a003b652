import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useSignedInUser } from '../../app/hooks';
import { Page } from '../../components/Page';
import { ChangePasswordForm } from './ChangePasswordForm';
import { TourCustomisation } from './TourCustomisation';

/** Spec §2: every user changes their password here; Managers also customise tours (Guides never see it, §6). */
export function AccountPage() {
  const user = useSignedInUser();
  return (
    <Page title="Account">
      <Typography color="text.secondary">
        {user.email} · {user.role} at {user.company.name}
      </Typography>
      <Stack spacing={3}>
        <Paper component="section" aria-labelledby="change-password-heading" sx={{ p: { xs: 2, sm: 3 } }}>
          <Typography id="change-password-heading" variant="h2" sx={{ mb: 2 }}>
            Change password
          </Typography>
          <ChangePasswordForm email={user.email} />
        </Paper>
        {user.role === 'Manager' && <TourCustomisation />}
      </Stack>
    </Page>
  );
}
