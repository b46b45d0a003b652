import ArrowBack from '@mui/icons-material/ArrowBack';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { lazy, startTransition, Suspense, useEffect, useMemo, useState } from 'react';
import { Link as RouterLink, useParams } from 'react-router-dom';
import { formatDayLabel, parseDay } from '../../components/days';
import { PageNotFound } from '../../components/PageNotFound';
import { dayPath } from '../../components/paths';
import { useDocumentTitle } from '../../components/useDocumentTitle';
import { AsOfNotice, OfflineNotice } from '../../components/OfflineNotice';
import { TIME_PATTERN } from '../../domain/dates';
import { GUIDE_HIDDEN_MESSAGE, noteUniqueId } from '../../domain/slotRules';
import { errorCode, errorMessage, isNetworkError } from '../../services/errors';
import { NearbyTours } from './NearbyTours';
import { NoteArea } from './NoteArea';
import { SlotBookingsView } from './SlotBookingsView';
import { SlotHeader } from './SlotHeader';
import { useSlotShift } from './guides/useSlotShift';
import { useWithOutbox } from './outbox/useWithOutbox';
import { useGetNoteQuery, useGetSlotBookingsQuery, type SlotArgs } from './slotApi';
import { ListSkeleton, RetryAlert } from '../../components/LoadStates';
import { useCompany } from '../../services/companyApi';
import { useLanguage, useT } from '../../services/i18n/useT';
import { ScanArea } from '../../components/scan/ScanArea';

// Below the bookings and opened by few: it loads after the page's first paint.
const ActivitySection = lazy(() =>
  import(/* webpackChunkName: "slot-history" */ './history/ActivitySection').then((m) => ({
    default: m.ActivitySection,
  })),
);

export function SlotPage() {
  const { day = '', time = '', tour = '' } = useParams();
  // One object per slot: the booking rows are memoised on it.
  const slot = useMemo(() => ({ day, time, tour }), [day, time, tour]);
  const t = useT();
  if (!parseDay(day) || !TIME_PATTERN.test(time) || tour.trim() === '') {
    return <PageNotFound message={t('This address does not name a tour slot (a date, a time and a tour).')} />;
  }
  // A nearby-tour link keeps this route mounted: the key starts each slot with fresh panels and choices.
  return <SlotView key={`${day}|${time}|${tour}`} slot={slot} />;
}

function SlotView({ slot }: { slot: SlotArgs }) {
  const company = useCompany();
  const language = useLanguage();
  const t = useT();
  const dateLabel = formatDayLabel(slot.day, language);
  useDocumentTitle(`${slot.tour} ${slot.time}`);
  const { currentData: slotData, error, isFetching, refetch } = useGetSlotBookingsQuery(slot);
  // The note and the guides sit above the list. Asked with the bookings and shown in the same paint, they never push
  // the list down under a guide's finger (layout shift); a failure of either shows in its place, never holds the list.
  const note = useGetNoteQuery(noteUniqueId(slot.day, slot.time, slot.tour));
  const shift = useSlotShift(slot);
  const settled = slotData !== undefined && !note.isLoading && !shift.isLoading;
  // Once shown the page stays: a component subscribing later retries a failed note, which must not blank the list.
  const [revealed, setRevealed] = useState(false);
  // The first paint of every row is the page's largest piece of work: as a transition React renders it in slices
  // and a phone stays responsive to taps meanwhile (Lighthouse's total blocking time).
  useEffect(() => {
    if (settled) startTransition(() => setRevealed(true));
  }, [settled]);
  // Check-ins still on their way to the server show as made (street mode's outbox).
  const data = useWithOutbox(revealed ? slotData : undefined);
  const [noteOpen, setNoteOpen] = useState(false);
  const hidden = errorCode(error) === 'SLOT_HIDDEN';

  useEffect(() => {
    if (error && !hidden) console.error(errorMessage(error));
  }, [error, hidden]);

  let body;
  if (data) {
    body = (
      <>
        <AsOfNotice asOf={data.asOf} timezone={company.timezone} />
        <NoteArea slot={slot} editorOpen={noteOpen} onEditorClose={() => setNoteOpen(false)} onLocked={refetch} />
        <SlotBookingsView slot={slot} data={data} />
        <Suspense fallback={null}>
          <ActivitySection slot={slot} />
        </Suspense>
      </>
    );
  } else if (hidden) {
    body = <Alert severity="info">{t(GUIDE_HIDDEN_MESSAGE)}</Alert>;
  } else if (isFetching || slotData) {
    body = <ListSkeleton label={t('Loading bookings')} rowHeight={96} />;
  } else if (isNetworkError(error)) {
    body = (
      <OfflineNotice onRetry={refetch}>
        {t('Offline · this slot was not opened on this device. It loads when the network is back.')}
      </OfflineNotice>
    );
  } else {
    body = (
      <RetryAlert onRetry={refetch}>
        {errorMessage(error, t('The bookings of this slot could not be loaded'))}
      </RetryAlert>
    );
  }

  return (
    <Stack spacing={2} sx={{ minWidth: 0 }}>
      <Stack direction="row" sx={{ alignItems: 'center', flexWrap: 'wrap', columnGap: 2 }}>
        <Button component={RouterLink} to={dayPath(slot.day)} startIcon={<ArrowBack />} sx={{ displayPrint: 'none' }}>
          {t('Back to day')}
        </Button>
        <Typography color="text.secondary">{dateLabel}</Typography>
      </Stack>
      <ScanArea field slot={slot} />
      {/* A Guide refused this slot gets no list of others. */}
      {!hidden && (
        <Box sx={{ displayPrint: 'none' }}>
          <NearbyTours slot={slot} />
        </Box>
      )}
      <SlotHeader
        slot={slot}
        dateLabel={dateLabel}
        data={hidden ? undefined : data}
        noteOpen={noteOpen}
        onToggleNote={() => setNoteOpen((open) => !open)}
        onLocked={refetch}
      />
      {body}
    </Stack>
  );
}
