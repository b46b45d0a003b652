import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import type { Booking } from '../../../domain/booking';
import { countsFromList } from '../../../domain/customerTypes';
import type { Shift } from '../../../domain/team';
import { errorCode, errorMessage } from '../../../services/errors';
import { BookingDialogFrame } from '../../../components/bookingForm/BookingFormFields';
import { useAssignGuideMutation, type SlotArgs } from '../slotApi';
import { BookingGroupList } from './BookingGroupList';
import { bookingGroups } from './bookingGroups';
import { splitOfBookings } from './assignedSplit';
import { useT } from '../../../services/i18n/useT';

// Select values, so that no guide's name can be mistaken for the Unassigned choice.
const UNASSIGNED = 'unassigned';
const GUIDE = 'guide:';

export interface AssignBookingsDialogProps {
  onClose: () => void;
  slot: SlotArgs;
  bookings: readonly Booking[];
  shift: Shift;
  modifiable: boolean;
  onLocked: () => void;
}

/** Spec §4: once a slot has guides, its bookings are moved between them (and Unassigned) by checkboxes. */
export function AssignBookingsDialog({ onClose, ...props }: AssignBookingsDialogProps) {
  const t = useT();
  return (
    <BookingDialogFrame open onClose={onClose} title={t('Assign bookings to guides')}>
      <AssignForm onClose={onClose} {...props} />
    </BookingDialogFrame>
  );
}

function AssignForm({ onClose, slot, bookings, shift, modifiable, onLocked }: AssignBookingsDialogProps) {
  const t = useT();
  const [assignGuide, { isLoading, error, reset }] = useAssignGuideMutation();
  const [selected, setSelected] = useState<string[]>([]);
  const [target, setTarget] = useState('');
  const [done, setDone] = useState<string | null>(null);
  const guideNames = shift.guides.map((g) => g.name);
  const groups = bookingGroups(bookings, guideNames);
  // Until a booking has a guide, each guide's planned share shows beside their bookings; after, the split is them.
  const following = splitOfBookings(guideNames, bookings) !== null;
  // A booking cancelled while the dialog is open leaves the groups, and the selection with it.
  const chosen = selected.filter((id) => groups.some((group) => group.bookings.some((b) => b._id === id)));
  const canAssign = modifiable && chosen.length > 0 && target !== '' && !isLoading;

  const toggle = (bookingId: string) => {
    setDone(null);
    setSelected((ids) => (ids.includes(bookingId) ? ids.filter((id) => id !== bookingId) : [...ids, bookingId]));
  };

  const assign = async () => {
    const guide = target === UNASSIGNED ? null : target.slice(GUIDE.length);
    setDone(null);
    try {
      await assignGuide({ ...slot, bookingIds: chosen, guide }).unwrap();
      setSelected([]);
      const count = chosen.length;
      setDone(
        guide === null
          ? t('{count, plural, one {# booking} other {# bookings}} moved to Unassigned', { count })
          : t('{count, plural, one {# booking} other {# bookings}} moved to {guide}', { count, guide }),
      );
    } catch (failure) {
      if (errorCode(failure) === 'SLOT_LOCKED') onLocked();
    }
  };

  return (
    <>
      <DialogContent sx={{ display: 'flex', flexDirection: 'column', gap: 2 }}>
        <Typography variant="body2">
          {t(
            'Tick bookings, choose whom they go to, then Assign. Each guide’s count in the split follows the bookings assigned to them.',
          )}
        </Typography>
        {groups.map((group) => {
          const planned = following ? undefined : shift.guides.find((g) => g.name === group.guide);
          return (
            <BookingGroupList
              key={group.guide ?? UNASSIGNED}
              group={group}
              planned={planned && countsFromList(planned.attendees)}
              selected={chosen}
              disabled={!modifiable || isLoading}
              onToggle={toggle}
            />
          );
        })}
        {done && (
          <Alert severity="success" role="status">
            {done}
          </Alert>
        )}
        {error && (
          <Alert severity="error" onClose={reset}>
            {errorMessage(error, t('The bookings were not assigned'))}
          </Alert>
        )}
      </DialogContent>
      <DialogActions sx={{ px: 3, pb: 2, gap: 1, flexWrap: 'wrap' }}>
        <TextField
          select
          label={t('Assign to')}
          value={target}
          disabled={!modifiable}
          onChange={(event) => setTarget(event.target.value)}
          sx={{ flex: '1 1 180px' }}
        >
          <MenuItem value={UNASSIGNED}>{t('Unassigned')}</MenuItem>
          {shift.guides.map((guide) => (
            <MenuItem key={guide._id} value={`${GUIDE}${guide.name}`}>
              {guide.name}
            </MenuItem>
          ))}
        </TextField>
        <Button variant="contained" disabled={!canAssign} loading={isLoading} onClick={assign}>
          {t('Assign')}
        </Button>
        <Button onClick={onClose}>{t('Close')}</Button>
      </DialogActions>
    </>
  );
}
