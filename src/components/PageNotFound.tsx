import Typography from '@mui/material/Typography';
import { useT } from '../services/i18n/useT';
import { Page } from './Page';
import { TextLink } from './TextLink';

/** Also used by pages whose address has the right shape but names nothing, e.g. a day that is not a date. */
export function PageNotFound({ message }: { message?: string }) {
  const t = useT();
  return (
    <Page title={t('Page not found')}>
      <Typography>{message ?? t('There is nothing at this address.')}</Typography>
      <Typography>
        <TextLink to="/">{t("Go to today''s bookings")}</TextLink>
      </Typography>
    </Page>
  );
}
