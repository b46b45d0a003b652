import Typography from '@mui/material/Typography';
import { Page } from '../../components/Page';

export function BillingPage() {
  return (
    <Page title="Billing">
      <Typography>Billing Page</Typography>
    </Page>
  );
}
