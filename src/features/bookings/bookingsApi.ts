import type { DayBookings } from '../../domain/booking';
import { api } from '../../services/api';
import { fetchWithSnapshot, keepOnDevice, type MaybeOffline } from '../../services/offline/withSnapshot';

export const bookingsApi = api.injectEndpoints({
  endpoints: (build) => ({
    getDayBookings: build.query<MaybeOffline<DayBookings>, string>({
      queryFn: (day, { getState }, _extra, baseQuery) =>
        fetchWithSnapshot<DayBookings>(`/api/bookings/date/${day}`, `day|${day}`, getState, baseQuery, () =>
          shownDay(day, getState()),
        ),
      providesTags: (_result, _error, day) => [{ type: 'Bookings', id: day }],
      // Bookings made or changed elsewhere show on the day at once, without a refetch.
      async onCacheEntryAdded(day, lifecycle) {
        const stopKeeping = keepOnDevice(lifecycle.dispatch, `day|${day}`, (state) => shownDay(day, state));
        void lifecycle.cacheEntryRemoved.then(() => stopKeeping());
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

/** What the day's cache entry holds now (it may be ahead of an answer still on its way). */
function shownDay(day: string, state: unknown): MaybeOffline<DayBookings> | undefined {
  return bookingsApi.endpoints.getDayBookings.select(day)(
    state as Parameters<ReturnType<typeof bookingsApi.endpoints.getDayBookings.select>>[0],
  ).data;
}

export const { useGetDayBookingsQuery } = bookingsApi;
