import Typography from '@mui/material/Typography';
import { Page } from './Page';
import { TextLink } from './TextLink';

/** Also used by pages whose address has the right shape but names nothing, e.g. a day that is not a date. */
export function PageNotFound({ message = 'There is nothing at this address.' }: { message?: string }) {
  return (
    <Page title="Page not found">
      <Typography>{message}</Typography>
      <Typography>
        <TextLink to="/">Go to today&apos;s bookings</TextLink>
      </Typography>
    </Page>
  );
}
