import Link from '@mui/material/Link';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemText from '@mui/material/ListItemText';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { formatInTimeZone } from 'date-fns-tz';
import { useId } from 'react';
import { Link as RouterLink } from 'react-router-dom';
import { ListSkeleton, RetryAlert } from '../../components/LoadStates';
import { slotPath } from '../../components/paths';
import { differencesText } from '../../domain/bookingChanges';
import { displayDay } from '../../domain/displayDay';
import { msg } from '../../domain/messageFormat';
import type { RefusedChange } from '../../domain/schemas/imports';
import { errorMessage } from '../../services/errors';
import { useT, type Translate } from '../../services/i18n/useT';
import { useGetRefusedChangesQuery } from './importsApi';

const REFUSED: Record<RefusedChange['code'], string> = {
  CANCEL_CHECKED_IN: msg('Cancellation refused'),
  MOVE_CHECKED_IN: msg('Move refused'),
  COUNTS_BELOW_CHECKED_IN: msg('Fewer guests refused'),
};

/** Who asked: a channel's key, or the Manager's import of a file. */
const askedBy = ({ by, fileName }: RefusedChange, t: Translate) =>
  fileName ? t('{by}, importing {fileName}', { by, fileName }) : by;

/**
 * The channel writes and import rows that the bookings' check-ins kept out: none was made. The Manager sees here what
 * a channel wanted, to settle it with the channel or by hand.
 */
export function RefusedChanges({ timezone }: { timezone: string }) {
  const t = useT();
  const headingId = useId();
  const { data, error, refetch } = useGetRefusedChangesQuery();
  let body;
  if (error && !data) {
    body = (
      <RetryAlert onRetry={refetch}>{errorMessage(error, t('The refused changes could not be loaded'))}</RetryAlert>
    );
  } else if (!data) {
    body = <ListSkeleton label={t('Loading the refused changes')} rowHeight={72} rows={2} />;
  } else if (data.length === 0) {
    body = <Typography sx={{ my: 1 }}>{t('No changes refused')}</Typography>;
  } else {
    body = (
      <List aria-labelledby={headingId} dense>
        {data.map((refused) => {
          const { booking } = refused;
          const slot = `${displayDay(booking.date)} ${booking.time} ${booking.tour}`;
          return (
            <ListItem key={refused._id} disableGutters aria-label={`${booking.name} ${booking.bookingId}`}>
              <ListItemText
                primary={
                  <>
                    {`${t(REFUSED[refused.code])}: `}
                    <Link component={RouterLink} to={slotPath(booking.date, booking.time, booking.tour)}>
                      {booking.name}
                    </Link>
                    {` · ${booking.source} ${booking.bookingId} · ${slot}`}
                  </>
                }
                secondary={
                  <>
                    {t('{count, plural, other {Asked for: {changes} · # checked in}}', {
                      count: refused.checkedIn,
                      // The fields' names in the reader's language; the values are the booking's.
                      changes: differencesText(refused.wanted.map((change) => ({ ...change, field: t(change.field) }))),
                    })}
                    <br />
                    {`${askedBy(refused, t)} · ${formatInTimeZone(refused.at, timezone, 'd/M/yyyy HH:mm')}`}
                  </>
                }
              />
            </ListItem>
          );
        })}
      </List>
    );
  }
  return (
    <Paper component="section" id="refused-changes" aria-labelledby={headingId} sx={{ p: { xs: 2, sm: 3 } }}>
      <Typography id={headingId} variant="h2" sx={{ mb: 1 }}>
        {t('Refused: guests checked in')}
      </Typography>
      <Typography variant="body2" color="text.secondary">
        {t(
          'Changes from the channel API or an import that would have cancelled a booking with guests checked in, moved it, or left it fewer guests than checked in. None was made.',
        )}
      </Typography>
      {body}
    </Paper>
  );
}
