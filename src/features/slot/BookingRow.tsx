import Edit from '@mui/icons-material/Edit';
import History from '@mui/icons-material/History';
import WhatsApp from '@mui/icons-material/WhatsApp';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { keyframes } from '@mui/material/styles';
import { memo, useEffect, useRef } from 'react';
import { Tag } from '../../components/Tag';
import { MANUAL_BOOKING_ID, type Booking } from '../../domain/booking';
import { countsFromList } from '../../domain/customerTypes';
import { phoneLink } from '../../domain/slots';
import { truncateBookingId } from '../../domain/truncate';
import { CheckInPanel } from './CheckInPanel';
import type { SlotArgs } from './slotApi';
import { attendanceText } from './slotCounts';
import { useSourcesVisible } from './useSourcesVisible';
import { useCompany } from '../../services/companyApi';
import { useT } from '../../services/i18n/useT';

interface BookingRowProps {
  booking: Booking;
  slot: SlotArgs;
  modifiable: boolean;
  chosenGuide: string | null;
  onEdit: (booking: Booking) => void;
  onHistory: (booking: Booking) => void;
  /** The slot's bookings are split between guides: a booking without one says so. */
  showGuide: boolean;
  /** Just added here, or just scanned: scrolled to and flashed, so the guide sees where it is. */
  highlighted: 'added' | 'scanned' | null;
}

const arrived = keyframes`
  from { background-color: #fff3c4; }
  to { background-color: #ffffff; }
`;

/** `phone` absent: this role is not shown phones; null: none was collected. */
function Phone({ phone }: { phone: Booking['phone'] }) {
  const t = useT();
  if (phone === undefined) return null;
  if (phone === null) return <Typography variant="body2">{t('No phone collected')}</Typography>;
  const href = phoneLink(phone);
  if (!href) return <Typography variant="body2">{phone}</Typography>;
  return (
    <Box>
      <Button
        component="a"
        href={href}
        target="_blank"
        rel="noopener noreferrer"
        size="small"
        startIcon={<WhatsApp />}
        sx={{ ml: -1 }}
      >
        {phone}
      </Button>
    </Box>
  );
}

/**
 * Memoised: a check-in or a query settling elsewhere on the page re-renders only the rows whose booking changed,
 * which keeps a tap's feedback fast on a slow phone. The parent passes stable props (slot, callbacks).
 */
export const BookingRow = memo(function BookingRow({
  booking,
  slot,
  modifiable,
  chosenGuide,
  onEdit,
  onHistory,
  showGuide,
  highlighted,
}: BookingRowProps) {
  const company = useCompany();
  const t = useT();
  const sourcesVisible = useSourcesVisible();
  const manual = booking.bookingId === MANUAL_BOOKING_ID;
  const source = sourcesVisible && booking.source ? booking.source : null;
  const sourceLabel = source && (company.sources.find((s) => s.id === source)?.label ?? source);
  const ref = useRef<HTMLLIElement>(null);
  useEffect(() => {
    if (highlighted) ref.current?.scrollIntoView?.({ block: 'nearest', behavior: 'smooth' });
  }, [highlighted]);

  return (
    <Paper
      ref={ref}
      component="li"
      variant="outlined"
      aria-label={booking.name}
      sx={{ p: { xs: 1.5, sm: 2 }, ...(highlighted && { animation: `${arrived} 4s ease-out` }) }}
    >
      <Stack direction="row" sx={{ gap: 1, alignItems: 'flex-start' }}>
        <Box sx={{ flex: 1, minWidth: 0 }}>
          {/* Dimmed by colour, not opacity: faded text would fail contrast in sunlight (WCAG 1.4.3). */}
          <Typography
            color={booking.cancelled ? 'text.secondary' : 'text.primary'}
            sx={{
              fontWeight: 600,
              overflowWrap: 'anywhere',
              textDecoration: booking.cancelled ? 'line-through' : 'none',
            }}
          >
            {booking.name}
          </Typography>
          <Typography variant="body2" color="text.secondary" sx={{ overflowWrap: 'anywhere' }}>
            <span title={manual ? undefined : booking.bookingId}>
              {manual ? t('Manually added') : truncateBookingId(booking.bookingId)}
            </span>
            {sourceLabel && <span> · {sourceLabel}</span>}
          </Typography>
          <Phone phone={booking.phone} />
          {(booking.guide || showGuide) && (
            <Typography variant="body2">
              {booking.guide ? t('Guide: {guide}', { guide: booking.guide }) : t('No guide assigned')}
            </Typography>
          )}
          <Typography variant="body2">
            {attendanceText(countsFromList(booking.attendees), countsFromList(booking.customers), t)}
          </Typography>
        </Box>
        {highlighted && <Tag tone="primary">{highlighted === 'added' ? t('Just added') : t('Scanned')}</Tag>}
        {booking.cancelled && <Tag>{t('Cancelled')}</Tag>}
        {/* Open on a locked slot too: reading who changed what is no change. */}
        <IconButton
          aria-label={t('History of {name}', { name: booking.name })}
          onClick={() => onHistory(booking)}
          sx={{ mt: -0.5 }}
        >
          <History />
        </IconButton>
        <Button startIcon={<Edit />} onClick={() => onEdit(booking)} disabled={!modifiable} sx={{ flexShrink: 0 }}>
          {t('Edit')}
        </Button>
      </Stack>
      {!booking.cancelled && (
        <CheckInPanel booking={booking} slot={slot} disabled={!modifiable} chosenGuide={chosenGuide} />
      )}
    </Paper>
  );
});
