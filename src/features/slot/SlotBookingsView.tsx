import Add from '@mui/icons-material/Add';
import Button from '@mui/material/Button';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { lazy, Suspense, useState } from 'react';
import { useSignedInUser } from '../../app/hooks';
import type { Booking, SlotBookings } from '../../domain/booking';
import { BookingRow } from './BookingRow';
import type { SlotArgs } from './slotApi';

// The booking forms carry date pickers: they download when first opened, not with the slot page.
const AddBookingDialog = lazy(() => import(/* webpackChunkName: "booking-forms" */ './AddBookingDialog'));
const EditBookingDialog = lazy(() => import(/* webpackChunkName: "booking-forms" */ './EditBookingDialog'));
// Only members who check in for others see the picker (a select with its menu): they download it, guides do not.
const GuidePicker = lazy(() =>
  import(/* webpackChunkName: "slot-picker" */ './GuidePicker').then((m) => ({ default: m.GuidePicker })),
);

interface SlotBookingsViewProps {
  slot: SlotArgs;
  data: SlotBookings;
  /** The server said the slot locked meanwhile: reload it so the controls show the lock. */
  onLocked: () => void;
}

/** Spec §2: Add Booking, the guide picker and the bookings sorted by name (Split is in the slot header). */
export function SlotBookingsView({ slot, data, onLocked }: SlotBookingsViewProps) {
  const { assignable } = useSignedInUser();
  const [adding, setAdding] = useState(false);
  const [editing, setEditing] = useState<Booking | null>(null);
  const [chosenGuide, setChosenGuide] = useState<string | null>(null);
  const bookings = [...data.bookings].sort((a, b) => a.name.localeCompare(b.name));

  return (
    <>
      <Stack direction="row" sx={{ gap: 1, flexWrap: 'wrap' }}>
        <Button variant="contained" startIcon={<Add />} disabled={!data.modifiable} onClick={() => setAdding(true)}>
          Add Booking
        </Button>
      </Stack>
      {assignable && (
        // The placeholder has the field's size, so the bookings below do not move when it arrives.
        <Suspense fallback={<Skeleton variant="rounded" height={56} sx={{ maxWidth: 360 }} />}>
          <GuidePicker value={chosenGuide} onChange={setChosenGuide} />
        </Suspense>
      )}
      {bookings.length === 0 ? (
        <Typography>No bookings in this slot</Typography>
      ) : (
        <Stack component="ul" spacing={1.5} aria-label="Bookings" sx={{ listStyle: 'none', p: 0, m: 0 }}>
          {bookings.map((booking) => (
            <BookingRow
              key={booking._id}
              booking={booking}
              slot={slot}
              modifiable={data.modifiable}
              chosenGuide={chosenGuide}
              onEdit={setEditing}
              onLocked={onLocked}
            />
          ))}
        </Stack>
      )}
      <Suspense fallback={null}>
        {adding && <AddBookingDialog open onClose={() => setAdding(false)} {...slot} />}
        {editing && (
          <EditBookingDialog key={editing._id} open booking={editing} slot={slot} onClose={() => setEditing(null)} />
        )}
      </Suspense>
    </>
  );
}
