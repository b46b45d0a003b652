import LockIcon from '@mui/icons-material/Lock';
import NoteAdd from '@mui/icons-material/NoteAdd';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useSignedInUser } from '../../app/hooks';
import { TourFlag } from '../../components/TourFlag';
import { tourLook } from '../../components/tourLook';
import type { SlotBookings } from '../../domain/booking';
import { totalCount } from '../../domain/customerTypes';
import { LOCK_MINUTES } from '../../domain/slotRules';
import { slotTotals } from '../../domain/slots';
import { CopyPaxButton } from './CopyPaxButton';
import type { SlotArgs } from './slotApi';
import { attendanceText, countsText, guidesOnBookings } from './slotCounts';

interface SlotHeaderProps {
  slot: SlotArgs;
  dateLabel: string;
  /** Absent while loading, or when the slot is hidden from this user: then only the title shows. */
  data?: SlotBookings;
  noteOpen: boolean;
  onToggleNote: () => void;
}

export function SlotHeader({ slot, dateLabel, data, noteOpen, onToggleNote }: SlotHeaderProps) {
  const { company } = useSignedInUser();
  const look = tourLook(company.tours, slot.tour);
  const totals = data && slotTotals(data.bookings);
  const guides = data ? guidesOnBookings(data.bookings) : [];

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
        {data?.modifiable === false && <LockIcon titleAccess="Locked" color="action" />}
      </Stack>
      {data?.modifiable === false && (
        <Typography variant="body2" color="text.secondary">
          Changes close {LOCK_MINUTES} minutes after the start; ask a Manager to change this slot.
        </Typography>
      )}
      {data && totals && (
        <Stack spacing={1} sx={{ mt: 1 }}>
          <Typography sx={{ fontWeight: 600 }}>
            {totalCount(totals.checkedIn)}/{totalCount(totals.booked)} guests checked in
          </Typography>
          <Typography variant="body2">{attendanceText(totals.checkedIn, totals.booked)}</Typography>
          {guides.length > 0 && (
            <Stack direction="row" sx={{ gap: 1, flexWrap: 'wrap', alignItems: 'center' }}>
              <Typography variant="body2" color="text.secondary">
                Guides
              </Typography>
              {guides.map((guide) => (
                <Chip key={guide.name} label={`${guide.name}: ${countsText(guide.counts)}`} sx={{ maxWidth: '100%' }} />
              ))}
            </Stack>
          )}
          <Stack direction="row" sx={{ gap: 1, flexWrap: 'wrap' }}>
            <Button variant="outlined" startIcon={<NoteAdd />} aria-expanded={noteOpen} onClick={onToggleNote}>
              Add note
            </Button>
            <CopyPaxButton slot={slot} dateLabel={dateLabel} totals={totals} />
          </Stack>
        </Stack>
      )}
    </Paper>
  );
}
