import Button from '@mui/material/Button';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { Link as RouterLink } from 'react-router-dom';
import { useUpdateCompanySettingsMutation } from '../../services/companySettingsApi';
import { errorMessage } from '../../services/errors';
import { useT } from '../../services/i18n/useT';

/**
 * The setup step for a zone sign-up took from the browser: Confirm keeps it (the answer becomes the company, which
 * ticks the step); Settings changes it.
 */
export function ZoneGuess({ companyId, zone }: { companyId: string; zone: string }) {
  const t = useT();
  const [confirm, { isLoading, error }] = useUpdateCompanySettingsMutation();
  return (
    <Stack spacing={0.5}>
      <span>{t('Time zone: {zone} (from this browser). Tour days and times are in this zone.', { zone })}</span>
      <Stack direction="row" spacing={2} sx={{ alignItems: 'center' }}>
        <Button
          size="small"
          variant="outlined"
          loading={isLoading}
          onClick={() => void confirm({ companyId, changes: { timezone: zone } })}
        >
          {t('Confirm {zone}', { zone })}
        </Button>
        <Link component={RouterLink} to="/settings">
          {t('Change it in Settings')}
        </Link>
      </Stack>
      {error && (
        <Typography role="alert" variant="body2" color="error">
          {errorMessage(error)}
        </Typography>
      )}
    </Stack>
  );
}
