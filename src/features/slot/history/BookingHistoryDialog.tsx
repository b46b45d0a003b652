import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import { useId } from 'react';
import type { Booking } from '../../../domain/booking';
import { useGetBookingHistoryQuery } from '../slotApi';
import { HistoryList } from './HistoryList';
import { useT } from '../../../services/i18n/useT';

/** Who changed a booking, on what device and when: its check-ins, edits, guide and cancellation. */
export default function BookingHistoryDialog({ booking, onClose }: { booking: Booking; onClose: () => void }) {
  const { currentData, error, refetch } = useGetBookingHistoryQuery(booking._id);
  const titleId = useId();
  const t = useT();
  const title = t('History of {name}', { name: booking.name });
  return (
    <Dialog open onClose={onClose} aria-labelledby={titleId} fullWidth maxWidth="sm">
      <DialogTitle id={titleId} sx={{ overflowWrap: 'anywhere' }}>
        {title}
      </DialogTitle>
      <DialogContent>
        <HistoryList label={title} entries={currentData} error={error} onRetry={refetch} />
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>{t('Close')}</Button>
      </DialogActions>
    </Dialog>
  );
}
