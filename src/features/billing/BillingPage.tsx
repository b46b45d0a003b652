import Typography from '@mui/material/Typography';
import { Page } from '../../components/Page';
import { useT } from '../../services/i18n/useT';

export function BillingPage() {
  const t = useT();
  return (
    <Page title={t('Billing')}>
      <Typography>{t('Billing Page')}</Typography>
    </Page>
  );
}
