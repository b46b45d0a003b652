import type { HistoryEntry } from '../../../domain/events';
import { bookingInSlot, isSameSlot } from '../../../domain/liveBookings';
import { api } from '../../../services/api';
import { followLive } from '../../../services/live/followLive';
import type { SlotArgs } from '../slotApi';

const bookingTag = (bookingId: string) => ({ type: 'History' as const, id: bookingId });
const activityTag = ({ day, time, tour }: SlotArgs) => ({ type: 'History' as const, id: `${day}|${time}|${tour}` });

// Each is read again when a live event adds to it; a stream 'reset' reads every History again (src/app/LiveUpdates.tsx).
export const historyApi = api.injectEndpoints({
  endpoints: (build) => ({
    getBookingHistory: build.query<HistoryEntry[], string>({
      query: (bookingId) => `/api/bookings/${encodeURIComponent(bookingId)}/history`,
      providesTags: (_result, _error, bookingId) => [bookingTag(bookingId)],
      async onCacheEntryAdded(bookingId, lifecycle) {
        await followLive(lifecycle, (event) => {
          if (event.bookings.some((b) => b._id === bookingId) || event.gone.includes(bookingId)) {
            lifecycle.dispatch(api.util.invalidateTags([bookingTag(bookingId)]));
          }
        });
      },
    }),
    getSlotActivity: build.query<HistoryEntry[], SlotArgs>({
      query: ({ day, time, tour }) =>
        `/api/bookings/date/${day}/${encodeURIComponent(time)}/${encodeURIComponent(tour)}/activity`,
      providesTags: (_result, _error, slot) => [activityTag(slot)],
      async onCacheEntryAdded(slot, lifecycle) {
        const belongs = bookingInSlot(slot);
        // An event names the slot it happened in; a booking moved here is recorded in the slot it left.
        await followLive(lifecycle, (event) => {
          if (isSameSlot(event.slot, slot) || event.bookings.some(belongs)) {
            lifecycle.dispatch(api.util.invalidateTags([activityTag(slot)]));
          }
        });
      },
    }),
  }),
});

export const { useGetBookingHistoryQuery, useGetSlotActivityQuery } = historyApi;
