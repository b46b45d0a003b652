import Add from '@mui/icons-material/Add';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { lazy, Suspense, useCallback, useState } from 'react';
import { useLocation } from 'react-router-dom';
import { useSignedInUser } from '../../app/hooks';
import type { Outcome } from '../../components/OutcomeSnackbar';
import type { Booking, SlotBookings } from '../../domain/booking';
import { countsFromList, totalCount } from '../../domain/customerTypes';
import { slotTotals } from '../../domain/slots';
import { BookingRow } from './BookingRow';
import { useManifestView } from './useManifestView';
import type { SlotArgs } from './slotApi';
import { hasAssignedGuides, matchesOutsideGroup, slotListBookings } from './slotList';
import { SlotSearchBar } from './SlotSearchBar';
import { Placeholder } from '../../components/Placeholder';
import { useT, type Translate } from '../../services/i18n/useT';

// The booking forms carry date pickers: they download when first opened, not with the slot page.
const AddBookingDialog = lazy(
  () => import(/* webpackChunkName: "booking-forms" */ '../../components/bookingForm/AddBookingDialog'),
);
const EditBookingDialog = lazy(() => import(/* webpackChunkName: "booking-forms" */ './EditBookingDialog'));
// Only members who check in for others see the picker (a select with its menu): they download it, guides do not.
const GuidePicker = lazy(() =>
  import(/* webpackChunkName: "slot-picker" */ './GuidePicker').then((m) => ({ default: m.GuidePicker })),
);
// A desk's view: phones never download the table.
const SlotManifest = lazy(() => import(/* webpackChunkName: "slot-manifest" */ './SlotManifest'));
// Shown on wide screens only: a phone never downloads the toggle.
const ManifestToggle = lazy(() =>
  import(/* webpackChunkName: "slot-manifest" */ './ManifestToggle').then((m) => ({ default: m.ManifestToggle })),
);
const BookingHistoryDialog = lazy(
  () => import(/* webpackChunkName: "slot-history" */ './history/BookingHistoryDialog'),
);
const OutcomeSnackbar = lazy(() => import(/* webpackChunkName: "slot-dialogs" */ '../../components/OutcomeSnackbar'));

interface SlotBookingsViewProps {
  slot: SlotArgs;
  data: SlotBookings;
}

function addedMessage(booking: Booking, t: Translate): string {
  const checkedIn = totalCount(countsFromList(booking.attendees)) > 0;
  return checkedIn
    ? t('{name} added and checked in', { name: booking.name })
    : t('{name} added', { name: booking.name });
}

/** Spec §2: Add Booking, the guide picker and the bookings sorted by name (Split is in the slot header). */
export function SlotBookingsView({ slot, data }: SlotBookingsViewProps) {
  const { assignable, name: myName } = useSignedInUser();
  const t = useT();
  const [adding, setAdding] = useState(false);
  const [editing, setEditing] = useState<Booking | null>(null);
  const [historyOf, setHistoryOf] = useState<Booking | null>(null);
  const [chosenGuide, setChosenGuide] = useState<string | null>(null);
  const [query, setQuery] = useState('');
  const [mineOnly, setMineOnly] = useState(false);
  const [addedId, setAddedId] = useState<string | null>(null);
  const [outcome, setOutcome] = useState<Outcome | null>(null);
  const { wide, view, setView } = useManifestView();
  const split = hasAssignedGuides(data.bookings);
  const mineShown = split && mineOnly;
  // A booking the scanner found for this slot comes first, flashed, as one just added does.
  const scannedId = (useLocation().state as { scannedId?: string } | null)?.scannedId ?? null;
  const pinnedId = addedId ?? scannedId;
  const bookings = slotListBookings(data.bookings, { query, guide: mineShown ? myName : null, pinnedId });
  const elsewhere = mineShown ? matchesOutsideGroup(data.bookings, query, myName) : [];

  const created = useCallback(
    (booking: Booking) => {
      setAdding(false);
      setAddedId(booking._id);
      setOutcome({ severity: 'success', message: addedMessage(booking, t) });
    },
    [t],
  );

  return (
    <>
      <Stack direction="row" sx={{ gap: 1, flexWrap: 'wrap', alignItems: 'center', displayPrint: 'none' }}>
        <Button variant="contained" startIcon={<Add />} disabled={!data.modifiable} onClick={() => setAdding(true)}>
          {t('Add Booking')}
        </Button>
        {wide && (
          <Suspense fallback={null}>
            <ManifestToggle view={view} onChange={setView} />
          </Suspense>
        )}
      </Stack>
      {assignable && (
        // The placeholder has the field's size, so the bookings below do not move when it arrives.
        <Box sx={{ displayPrint: 'none' }}>
          <Suspense fallback={<Placeholder height={56} maxWidth={360} />}>
            <GuidePicker value={chosenGuide} onChange={setChosenGuide} />
          </Suspense>
        </Box>
      )}
      {data.bookings.length === 0 ? (
        <Typography>{t('No bookings in this slot')}</Typography>
      ) : (
        <>
          <SlotSearchBar
            query={query}
            onQueryChange={setQuery}
            shown={bookings.length}
            total={data.bookings.length}
            mineOnly={split ? mineOnly : null}
            onMineOnlyChange={setMineOnly}
            elsewhere={elsewhere}
          />
          {bookings.length === 0 && elsewhere.length === 0 && (
            <Typography>{t('No booking matches this search')}</Typography>
          )}
          {view === 'table' ? (
            <Suspense fallback={<Placeholder height={240} aria-label={t('Loading the manifest')} />}>
              <SlotManifest bookings={bookings} />
            </Suspense>
          ) : (
            <Stack component="ul" spacing={1.5} aria-label={t('Bookings')} sx={{ listStyle: 'none', p: 0, m: 0 }}>
              {bookings.map((booking) => (
                <BookingRow
                  key={booking._id}
                  booking={booking}
                  slot={slot}
                  modifiable={data.modifiable}
                  chosenGuide={chosenGuide}
                  onEdit={setEditing}
                  onHistory={setHistoryOf}
                  showGuide={split}
                  highlighted={booking._id === addedId ? 'added' : booking._id === scannedId ? 'scanned' : null}
                />
              ))}
            </Stack>
          )}
        </>
      )}
      <Suspense fallback={null}>
        {adding && (
          <AddBookingDialog
            open
            onClose={() => setAdding(false)}
            onCreated={created}
            loads={[{ ...slot, pax: totalCount(slotTotals(data.bookings).booked), capacity: data.capacity }]}
            {...slot}
          />
        )}
        {editing && (
          <EditBookingDialog key={editing._id} open booking={editing} slot={slot} onClose={() => setEditing(null)} />
        )}
        {historyOf && <BookingHistoryDialog booking={historyOf} onClose={() => setHistoryOf(null)} />}
        {outcome && <OutcomeSnackbar outcome={outcome} onClose={() => setOutcome(null)} />}
      </Suspense>
    </>
  );
}
