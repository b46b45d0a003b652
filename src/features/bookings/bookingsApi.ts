import type { DayBookings } from '../../domain/booking';
import { api } from '../../services/api';
import {
  cachedData,
  fetchWithSnapshot,
  keepOnDevice,
  withNewestBookings,
  type MaybeOffline,
} from '../../services/offline/withSnapshot';

export const bookingsApi = api.injectEndpoints({
  endpoints: (build) => ({
    getDayBookings: build.query<MaybeOffline<DayBookings>, string>({
      queryFn: async (day, { getState }, _extra, baseQuery) =>
        withNewestBookings(
          await fetchWithSnapshot<DayBookings>(`/api/bookings/date/${day}`, `day|${day}`, getState, baseQuery),
          shownDay(day, getState()),
        ),
      providesTags: (_result, _error, day) => [{ type: 'Bookings', id: day }],
      // Bookings made or changed elsewhere show on the day at once, without a refetch.
      async onCacheEntryAdded(day, lifecycle) {
        keepOnDevice(lifecycle, `day|${day}`, (state) => shownDay(day, state));
        // With the stream's own code, after the first paint: the page's first load stays small.
        const [{ followLive }, { mergeLiveBookings }] = await Promise.all([
          import(/* webpackChunkName: "live" */ '../../services/live/followLive'),
          import(/* webpackChunkName: "live" */ '../../domain/liveBookings'),
        ]);
        await followLive(lifecycle, (event) =>
          lifecycle.updateCachedData((draft) => {
            const bookings = mergeLiveBookings(draft.bookings, event, (booking) => booking.date === day);
            if (bookings !== draft.bookings) draft.bookings = bookings;
          }),
        );
      },
    }),
  }),
});

/** What the day's cache entry holds now (typed here: the endpoint cannot name its own type inside itself). */
function shownDay(day: string, state: unknown): MaybeOffline<DayBookings> | undefined {
  return cachedData(bookingsApi.endpoints.getDayBookings, day, state);
}

export const { useGetDayBookingsQuery } = bookingsApi;
