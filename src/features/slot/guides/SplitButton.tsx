import CallSplit from '@mui/icons-material/CallSplit';
import Button from '@mui/material/Button';
import { lazy, Suspense, useState } from 'react';
import type { Booking } from '../../../domain/booking';
import type { CustomerCounts } from '../../../domain/customerTypes';
import type { SlotArgs } from '../slotApi';
import { useT } from '../../../services/i18n/useT';

// Dialogs download when first opened, not with the slot page (the guide's first paint).
const SplitDialog = lazy(() =>
  import(/* webpackChunkName: "slot-dialogs" */ './SplitDialog').then((m) => ({ default: m.SplitDialog })),
);

interface SplitButtonProps {
  slot: SlotArgs;
  totals: CustomerCounts;
  bookings: readonly Booking[];
  /** The saved split no longer adds up to the slot's guests (spec §4: Split carries an asterisk). */
  mismatch: boolean;
  /** The id of the text that says why: the mismatch, or the lock. */
  describedBy?: string;
  modifiable: boolean;
  onLocked: () => void;
}

/** Split (manage guides). */
export function SplitButton({ slot, totals, bookings, mismatch, describedBy, modifiable, onLocked }: SplitButtonProps) {
  const t = useT();
  const [open, setOpen] = useState(false);
  return (
    <>
      <Button
        variant="outlined"
        startIcon={<CallSplit />}
        disabled={!modifiable}
        aria-describedby={describedBy}
        onClick={() => setOpen(true)}
      >
        {mismatch ? t('Split*') : t('Split')}
      </Button>
      {open && (
        <Suspense fallback={null}>
          <SplitDialog
            slot={slot}
            totals={totals}
            bookings={bookings}
            onClose={() => setOpen(false)}
            onLocked={onLocked}
          />
        </Suspense>
      )}
    </>
  );
}
