import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { Link as RouterLink } from 'react-router-dom';
import { useSignedInUser } from '../../app/hooks';
import { Page } from '../../components/Page';
import { useCompany } from '../../services/companyApi';
import { useT } from '../../services/i18n/useT';
import { ChangePasswordForm } from './ChangePasswordForm';
import { LanguageSection } from './LanguageSection';
import { TourCustomisation } from './TourCustomisation';

/** Spec §2: every user changes their password here; Managers also customise tours (Guides never see it, §6). */
export function AccountPage() {
  const user = useSignedInUser();
  const company = useCompany();
  const t = useT();
  return (
    <Page title={t('Account')}>
      <Typography color="text.secondary">
        {t('{email} · {role, select, Manager {Manager} other {Guide}} at {company}', {
          email: user.email,
          role: user.role,
          company: company.name,
        })}
      </Typography>
      <Stack spacing={3}>
        <LanguageSection language={user.language} />
        <Paper component="section" aria-labelledby="change-password-heading" sx={{ p: { xs: 2, sm: 3 } }}>
          <Typography id="change-password-heading" variant="h2" sx={{ mb: 2 }}>
            {t('Change password')}
          </Typography>
          <ChangePasswordForm email={user.email} />
        </Paper>
        {user.role === 'Manager' && (
          <Paper component="section" aria-labelledby="company-settings-heading" sx={{ p: { xs: 2, sm: 3 } }}>
            <Typography id="company-settings-heading" variant="h2" sx={{ mb: 1 }}>
              {t('Company settings')}
            </Typography>
            <Typography sx={{ mb: 2 }}>
              {t('The company’s name and time zone, and what Guides see and may change.')}
            </Typography>
            <Button component={RouterLink} to="/settings" variant="outlined">
              {t('Open company settings')}
            </Button>
          </Paper>
        )}
        {user.role === 'Manager' && <TourCustomisation />}
      </Stack>
    </Page>
  );
}
