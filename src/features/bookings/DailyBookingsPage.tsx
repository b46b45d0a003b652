import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { lazy, Suspense, useDeferredValue, useEffect } from 'react';
import { Link as RouterLink, useParams } from 'react-router-dom';
import { useAppSelector, useSignedInUser } from '../../app/hooks';
import { Page } from '../../components/Page';
import { PageNotFound } from '../../components/PageNotFound';
import { parseDay } from '../../components/days';
import { tourLook } from '../../components/tourLook';
import { bookingsWithOutbox } from '../../domain/outboxView';
import { GUIDE_HIDDEN_MESSAGE } from '../../domain/slotRules';
import { groupSlots } from '../../domain/slotGroups';
import { todayInZone } from '../../domain/zonedDates';
import { errorMessage, isNetworkError } from '../../services/errors';
import { useT } from '../../services/i18n/useT';
import { selectOutboxEntries } from '../../services/offline/outboxSlice';
import { useGetDayBookingsQuery } from './bookingsApi';
import { DayAddBooking } from './DayAddBooking';
import { DayNavigator } from './DayNavigator';
import { setupPending } from './setupState';
import { SlotCard } from './SlotCard';
import { ListSkeleton } from '../../components/LoadStates';
import { AsOfNotice, OfflineNotice } from '../../components/OfflineNotice';
import { useCompany } from '../../services/companyApi';
import { ScanArea } from '../../components/scan/ScanArea';

// A new company's first steps: downloaded only for a Manager who has not done them all yet.
const SetupChecklist = lazy(() => import(/* webpackChunkName: "setup" */ './SetupChecklist'));
// Said only on a day whose slots a Guide cannot see yet: it downloads then.
const NextOpening = lazy(() => import(/* webpackChunkName: "next-opening" */ './NextOpening'));

export function DailyBookingsPage() {
  const { day = '' } = useParams();
  const { role } = useSignedInUser();
  const company = useCompany();
  const t = useT();
  if (!parseDay(day)) return <PageNotFound message={t('“{day}” is not a date.', { day })} />;
  const showSetup = role === 'Manager' && setupPending(company);
  return (
    <Page title={t('Bookings')} documentTitle={t('Bookings {day}', { day })}>
      {showSetup && (
        <Suspense fallback={null}>
          <SetupChecklist company={company} />
        </Suspense>
      )}
      <ScanArea />
      <DayNavigator day={day} today={todayInZone(company.timezone, new Date())} />
      {/* Keyed: a new day starts from its own first paint, never the previous day's slots. */}
      <DaySlots key={day} day={day} />
    </Page>
  );
}

function DaySlots({ day }: { day: string }) {
  const t = useT();
  const { role } = useSignedInUser();
  const company = useCompany();
  // currentData, not data: after a chevron tap the previous day's slots must not show under the new date.
  const { currentData, error, isFetching, refetch } = useGetDayBookingsQuery(day);
  // The cards' first paint is deferred: React renders it in slices, so a phone stays responsive meanwhile
  // (Lighthouse's total blocking time) and the placeholder shows until it is done.
  const data = useDeferredValue(currentData, undefined);
  // Check-ins this device has not sent yet count in the cards as they do on the slot page.
  const waiting = useAppSelector(selectOutboxEntries);

  // Spec §8: a failed day list is logged only; the page stays usable.
  useEffect(() => {
    if (error) console.error(errorMessage(error));
  }, [error]);

  if (!data && (isFetching || currentData)) {
    return <ListSkeleton label={t('Loading bookings')} rowHeight={64} />;
  }
  if (!data && isNetworkError(error)) {
    return (
      <OfflineNotice onRetry={refetch}>
        {t('Offline · this day was not opened on this device. It loads when the network is back.')}
      </OfflineNotice>
    );
  }
  if (!data) {
    return (
      <Stack spacing={1} sx={{ alignItems: 'flex-start' }}>
        <Typography color="text.secondary">{t('Bookings are not available right now.')}</Typography>
        <Button variant="outlined" onClick={() => refetch()}>
          {t('Try again')}
        </Button>
      </Stack>
    );
  }

  const offline = <AsOfNotice asOf={data.asOf} timezone={company.timezone} />;
  const slots = groupSlots(bookingsWithOutbox(data.bookings, waiting), data.departures);
  const departures = data.departures ?? [];
  // A Guide adds to a departure they can see; a Manager to any slot.
  const addBooking = (role === 'Manager' || departures.length > 0) && (
    <DayAddBooking day={day} departures={departures} slots={slots} />
  );
  if (slots.length === 0 && data.hiddenSlots === 0 && !company.tours.some((tour) => !tour.archived)) {
    return (
      <>
        {offline}
        <NoToursYet manager={role === 'Manager'} />
      </>
    );
  }
  const opening = data.nextOpening && (
    <Suspense fallback={null}>
      <NextOpening opening={data.nextOpening} day={day} timezone={company.timezone} />
    </Suspense>
  );
  if (slots.length === 0) {
    return (
      <>
        {offline}
        {addBooking}
        <Typography>{data.hiddenSlots > 0 ? t(GUIDE_HIDDEN_MESSAGE) : t('No bookings recorded this day')}</Typography>
        {opening}
      </>
    );
  }
  return (
    <>
      {offline}
      {addBooking}
      <Stack component="ul" spacing={1.5} aria-label={t('Tour slots')} sx={{ listStyle: 'none', p: 0, m: 0 }}>
        {slots.map((slot) => (
          <SlotCard key={`${slot.time} ${slot.tour}`} day={day} slot={slot} look={tourLook(company.tours, slot.tour)} />
        ))}
      </Stack>
      {data.hiddenSlots > 0 && (
        <Typography variant="body2" color="text.secondary">
          {t(
            '{count, plural, one {# more slot that only Managers can see} other {# more slots that only Managers can see}}',
            { count: data.hiddenSlots },
          )}
        </Typography>
      )}
      {opening}
    </>
  );
}

/** A company without tours has no slots to show: say what comes first, and who does it. */
function NoToursYet({ manager }: { manager: boolean }) {
  const t = useT();
  return (
    <Stack spacing={1} sx={{ alignItems: 'flex-start' }}>
      <Typography>{t('No tours yet.')}</Typography>
      {manager ? (
        <Button component={RouterLink} to="/settings" variant="contained">
          {t('Add tours and their times in Settings')}
        </Button>
      ) : (
        <Typography color="text.secondary">
          {t('A Manager adds the company’s tours and the times they run.')}
        </Typography>
      )}
    </Stack>
  );
}
