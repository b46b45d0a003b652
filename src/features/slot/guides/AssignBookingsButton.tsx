import AssignmentInd from '@mui/icons-material/AssignmentInd';
import Button from '@mui/material/Button';
import { lazy, Suspense, useState } from 'react';
import type { Booking } from '../../../domain/booking';
import type { Shift } from '../../../domain/team';
import type { SlotArgs } from '../slotApi';
import { useT } from '../../../services/i18n/useT';

// Dialogs download when first opened, not with the slot page (the guide's first paint).
const AssignBookingsDialog = lazy(() =>
  import(/* webpackChunkName: "slot-dialogs" */ './AssignBookingsDialog').then((m) => ({
    default: m.AssignBookingsDialog,
  })),
);

interface AssignBookingsButtonProps {
  slot: SlotArgs;
  bookings: readonly Booking[];
  shift: Shift;
  modifiable: boolean;
  describedBy?: string;
  onLocked: () => void;
}

/** Offered once the slot's shift has guides: before that there is nobody to assign bookings to. */
export function AssignBookingsButton({
  slot,
  bookings,
  shift,
  modifiable,
  describedBy,
  onLocked,
}: AssignBookingsButtonProps) {
  const t = useT();
  const [open, setOpen] = useState(false);
  return (
    <>
      <Button
        variant="outlined"
        startIcon={<AssignmentInd />}
        disabled={!modifiable}
        aria-describedby={describedBy}
        onClick={() => setOpen(true)}
      >
        {t('Assign bookings')}
      </Button>
      {open && (
        <Suspense fallback={null}>
          <AssignBookingsDialog
            slot={slot}
            bookings={bookings}
            shift={shift}
            modifiable={modifiable}
            onClose={() => setOpen(false)}
            onLocked={onLocked}
          />
        </Suspense>
      )}
    </>
  );
}
