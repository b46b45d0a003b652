import LockIcon from '@mui/icons-material/Lock';
import EditNote from '@mui/icons-material/EditNote';
import NoteAdd from '@mui/icons-material/NoteAdd';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useId } from 'react';
import { TourFlag } from '../../components/TourFlag';
import { tourLook } from '../../components/tourLook';
import type { SlotBookings } from '../../domain/booking';
import { totalCount } from '../../domain/customerTypes';
import { LOCK_MINUTES, noteUniqueId } from '../../domain/slotRules';
import { slotTotals } from '../../domain/slots';
import { CopyPaxButton } from './CopyPaxButton';
import { AssignBookingsButton } from './guides/AssignBookingsButton';
import { ShiftGuides } from './guides/ShiftGuides';
import { SplitButton } from './guides/SplitButton';
import { mismatchText, shiftShares } from './guides/splitText';
import { useSlotShift } from './guides/useSlotShift';
import { useGetNoteQuery, type SlotArgs } from './slotApi';
import { attendanceText, capacityText } from './slotCounts';
import { useCompany } from '../../services/companyApi';
import { useT } from '../../services/i18n/useT';

interface SlotHeaderProps {
  slot: SlotArgs;
  dateLabel: string;
  /** Absent while loading, or when the slot is hidden from this user: then only the title shows. */
  data?: SlotBookings;
  noteOpen: boolean;
  onToggleNote: () => void;
  /** The server said the slot locked meanwhile: reload it so the controls show the lock. */
  onLocked: () => void;
}

export function SlotHeader({ slot, dateLabel, data, noteOpen, onToggleNote, onLocked }: SlotHeaderProps) {
  const company = useCompany();
  const t = useT();
  const look = tourLook(company.tours, slot.tour);
  const totals = data && slotTotals(data.bookings);
  const { shift, error: shiftError, refetch: refetchShift } = useSlotShift(slot);
  const hasNote = Boolean(useGetNoteQuery(noteUniqueId(slot.day, slot.time, slot.tour)).data?.note);
  // Spec §4: the saved split is compared with the guests booked now, so bookings changed since it show too.
  const warning = shift && totals ? mismatchText(shiftShares(shift), totals.booked, t) : null;
  const lockId = useId();
  const warningId = useId();
  const locked = data?.modifiable === false;
  const describedBy = [locked && lockId, warning && warningId].filter(Boolean).join(' ') || undefined;

  return (
    <Paper variant="outlined" sx={{ p: { xs: 1.5, sm: 2 }, borderLeft: `8px solid ${look.color}` }}>
      <Stack direction="row" sx={{ alignItems: 'center', gap: 1.5, flexWrap: 'wrap' }}>
        <Typography variant="h2" component="p" sx={{ fontVariantNumeric: 'tabular-nums' }}>
          {slot.time}
        </Typography>
        <TourFlag flag={look.flag} size={20} />
        <Typography variant="h1" sx={{ flex: 1, minWidth: 0, overflowWrap: 'anywhere' }}>
          {slot.tour}
        </Typography>
        {data?.modifiable === false && <LockIcon titleAccess={t('Locked')} color="action" />}
      </Stack>
      {locked && (
        <Typography id={lockId} variant="body2" color="text.secondary">
          {t('Changes close {minutes} minutes after the start; ask a Manager to change this slot.', {
            minutes: LOCK_MINUTES,
          })}
        </Typography>
      )}
      {data && totals && (
        <Stack spacing={1} sx={{ mt: 1 }}>
          <Typography sx={{ fontWeight: 600 }}>
            {t('{checkedIn}/{booked} guests checked in', {
              checkedIn: totalCount(totals.checkedIn),
              booked: totalCount(totals.booked),
            })}
          </Typography>
          <Typography variant="body2">{attendanceText(totals.checkedIn, totals.booked, t)}</Typography>
          {data.capacity ? (
            <Typography
              variant="body2"
              sx={{ fontWeight: 600 }}
              color={totalCount(totals.booked) > data.capacity ? 'error' : undefined}
            >
              {capacityText(totalCount(totals.booked), data.capacity, t)}
            </Typography>
          ) : null}
          <ShiftGuides
            shift={shift}
            bookings={data.bookings}
            error={shiftError}
            onRetry={refetchShift}
            warning={warning}
            warningId={warningId}
          />
          <Stack direction="row" sx={{ gap: 1, flexWrap: 'wrap', displayPrint: 'none' }}>
            <Button
              variant="outlined"
              startIcon={hasNote ? <EditNote /> : <NoteAdd />}
              aria-expanded={noteOpen}
              disabled={locked}
              aria-describedby={locked ? lockId : undefined}
              onClick={onToggleNote}
            >
              {hasNote ? t('Edit note') : t('Add note')}
            </Button>
            <CopyPaxButton slot={slot} dateLabel={dateLabel} totals={totals} />
            <SplitButton
              slot={slot}
              totals={totals.booked}
              bookings={data.bookings}
              mismatch={warning !== null}
              describedBy={describedBy}
              modifiable={data.modifiable}
              onLocked={onLocked}
            />
            {shift && shift.guides.length > 0 && (
              <AssignBookingsButton
                slot={slot}
                bookings={data.bookings}
                shift={shift}
                modifiable={data.modifiable}
                describedBy={locked ? lockId : undefined}
                onLocked={onLocked}
              />
            )}
          </Stack>
        </Stack>
      )}
    </Paper>
  );
}
