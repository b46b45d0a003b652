import Box from '@mui/material/Box';
import Checkbox from '@mui/material/Checkbox';
import FormControlLabel from '@mui/material/FormControlLabel';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useId } from 'react';
import type { Booking } from '../../../domain/booking';
import { countsFromList, type CustomerCounts } from '../../../domain/customerTypes';
import { slotTotals } from '../../../domain/slots';
import { countsText } from '../slotCounts';
import type { BookingGroup } from './bookingGroups';
import { shareText } from './splitText';
import { useT } from '../../../services/i18n/useT';

interface BookingGroupListProps {
  group: BookingGroup;
  /** The guide's share in the saved split, to compare with the bookings they have. */
  planned?: CustomerCounts;
  selected: readonly string[];
  disabled: boolean;
  onToggle: (bookingId: string) => void;
}

/** One guide's bookings (or the Unassigned ones), each with a checkbox to move it. */
export function BookingGroupList({ group, planned, selected, disabled, onToggle }: BookingGroupListProps) {
  const headingId = useId();
  const t = useT();
  const name = group.guide ?? t('Unassigned');
  // The guide's planned share next to what their bookings hold, to see which bookings still need moving.
  const summary = [
    planned && t('Split: {share}', { share: shareText(planned, t) }),
    group.bookings.length > 0 && t('Bookings: {share}', { share: shareText(slotTotals(group.bookings).booked, t) }),
  ]
    .filter(Boolean)
    .join(' · ');
  return (
    <Box component="section" role="group" aria-labelledby={headingId}>
      <Typography id={headingId} variant="h3" sx={{ fontSize: '1.05rem', fontWeight: 600, overflowWrap: 'anywhere' }}>
        {name}
      </Typography>
      {summary && (
        <Typography variant="body2" color="text.secondary">
          {summary}
        </Typography>
      )}
      {group.bookings.length === 0 ? (
        <Typography variant="body2" sx={{ py: 1 }}>
          {t('No bookings')}
        </Typography>
      ) : (
        <Box component="ul" sx={{ listStyle: 'none', p: 0, m: 0 }}>
          {group.bookings.map((booking) => (
            <BookingChoice
              key={booking._id}
              booking={booking}
              checked={selected.includes(booking._id)}
              disabled={disabled}
              onToggle={() => onToggle(booking._id)}
            />
          ))}
        </Box>
      )}
    </Box>
  );
}

interface BookingChoiceProps {
  booking: Booking;
  checked: boolean;
  disabled: boolean;
  onToggle: () => void;
}

/** The checkbox is named by the party's name alone; its guests describe it. */
function BookingChoice({ booking, checked, disabled, onToggle }: BookingChoiceProps) {
  const guestsId = useId();
  const t = useT();
  return (
    <Stack component="li" direction="row" sx={{ alignItems: 'center', gap: 1 }}>
      <FormControlLabel
        label={booking.name}
        disabled={disabled}
        control={
          <Checkbox checked={checked} onChange={onToggle} slotProps={{ input: { 'aria-describedby': guestsId } }} />
        }
        sx={{ minHeight: 44, mr: 0, flex: 1, minWidth: 0, overflowWrap: 'anywhere' }}
      />
      <Typography id={guestsId} variant="body2" color="text.secondary" sx={{ flexShrink: 0 }}>
        {countsText(countsFromList(booking.customers), t)}
      </Typography>
    </Stack>
  );
}
