import Add from '@mui/icons-material/Add';
import Button from '@mui/material/Button';
import { lazy, Suspense, useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { slotPath } from '../../components/paths';
import type { ScheduledSlot } from '../../domain/schemas/booking';
import type { SlotSummary } from '../../domain/slotGroups';
import { useT } from '../../services/i18n/useT';

// The form downloads on the first tap, as on the slot page.
const AddBookingDialog = lazy(
  () => import(/* webpackChunkName: "booking-forms" */ '../../components/bookingForm/AddBookingDialog'),
);

interface DayAddBookingProps {
  day: string;
  departures: readonly ScheduledSlot[];
  /** The day's slots with their guests and capacities: the dialog shows the seats left. */
  slots: readonly SlotSummary[];
}

/** Add Booking from the day page, its slot chosen among the day's departures; then the slot opens. */
export function DayAddBooking({ day, departures, slots }: DayAddBookingProps) {
  const t = useT();
  const [open, setOpen] = useState(false);
  const navigate = useNavigate();
  return (
    <>
      <Button variant="contained" startIcon={<Add />} onClick={() => setOpen(true)} sx={{ alignSelf: 'flex-start' }}>
        {t('Add Booking')}
      </Button>
      {open && (
        <Suspense fallback={null}>
          <AddBookingDialog
            open
            day={day}
            departures={departures}
            loads={slots}
            onClose={() => setOpen(false)}
            onCreated={(booking) => navigate(slotPath(booking.date, booking.time, booking.tour))}
          />
        </Suspense>
      )}
    </>
  );
}
