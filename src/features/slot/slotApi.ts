import type { Booking, CheckInBody, SlotBookings } from '../../domain/booking';
import type { OutboxEntry } from '../../domain/outbox';
import { noteUniqueId } from '../../domain/slotRules';
import type { Shift } from '../../domain/team';
import { api } from '../../services/api';
import { conflictOf, errorCode } from '../../services/errors';
import {
  cachedData,
  fetchWithSnapshot,
  keepOnDevice,
  withNewestBookings,
  type MaybeOffline,
} from '../../services/offline/withSnapshot';
import { dayTags, shiftTag, slotId } from './slotTags';

export interface SlotArgs {
  day: string;
  time: string;
  tour: string;
}

const slotCopy = (slot: SlotArgs) => `slot|${slotId(slot)}`;
const slotPath = ({ day, time, tour }: SlotArgs) =>
  `/api/bookings/date/${day}/${encodeURIComponent(time)}/${encodeURIComponent(tour)}`;

// A request the network swallowed is given up after this and sent again later, under the same operation id.
const SEND_TIMEOUT_MS = 15_000;

/** The spec's shift path names the company; the server takes it from the token, but the path needs it. */
export type ShiftArgs = SlotArgs & { companyName: string };

/** A note saved elsewhere: shown as sent, or read again if the event did not carry it. */
const noteSaved = (slot: SlotArgs, note: string | undefined) => {
  const uniqueId = noteUniqueId(slot.day, slot.time, slot.tour);
  return note === undefined
    ? api.util.invalidateTags([{ type: 'Note', id: uniqueId }])
    : slotApi.util.updateQueryData('getNote', uniqueId, () => ({ note }));
};

export const slotApi = api.injectEndpoints({
  endpoints: (build) => ({
    getSlotBookings: build.query<MaybeOffline<SlotBookings>, SlotArgs>({
      queryFn: async (slot, { getState }, _extra, baseQuery) =>
        withNewestBookings(
          await fetchWithSnapshot<SlotBookings>(slotPath(slot), slotCopy(slot), getState, baseQuery),
          shownSlot(slot, getState()),
        ),
      providesTags: (_result, _error, slot) => [{ type: 'Slot', id: slotId(slot) }],
      // Check-ins, edits and notes made on other devices show at once, without a refetch.
      async onCacheEntryAdded(slot, lifecycle) {
        keepOnDevice(lifecycle, slotCopy(slot), (state) => shownSlot(slot, state));
        // With the stream's own code, after the first paint: the page's first load stays small.
        const [{ followLive }, { bookingInSlot, isSameSlot, mergeLiveBookings, movesSplit }] = await Promise.all([
          import(/* webpackChunkName: "live" */ '../../services/live/followLive'),
          import(/* webpackChunkName: "live" */ '../../domain/liveBookings'),
        ]);
        const belongs = bookingInSlot(slot);
        await followLive(lifecycle, (event) => {
          let splitMoved = false;
          lifecycle.updateCachedData((draft) => {
            splitMoved = movesSplit(event, slot, draft.bookings);
            const bookings = mergeLiveBookings(draft.bookings, event, belongs);
            if (bookings !== draft.bookings) draft.bookings = bookings;
          });
          // The guides' counts follow their bookings: the server has stored the new split.
          if (splitMoved) lifecycle.dispatch(api.util.invalidateTags([shiftTag(slot)]));
          if (isSameSlot(event.slot, slot) && event.kind === 'slot.noteSaved') {
            lifecycle.dispatch(noteSaved(slot, event.note));
          }
        });
      },
    }),
    /**
     * One check-in from the outbox (outbox/outboxSync.ts), sent under its operation id: sent again it applies once.
     * The answer (or, in a conflict, what the server kept) replaces the cached booking before the entry leaves the
     * outbox, so the row never shows the old counts in between.
     */
    sendCheckIn: build.mutation<Booking, OutboxEntry>({
      query: ({ id, bookingId, attendees, base, madeAt, chosenGuide }) => {
        const body: CheckInBody = { attendees, _id: bookingId, base, madeAt, ...(chosenGuide ? { chosenGuide } : {}) };
        return {
          url: `/api/bookings/${bookingId}`,
          method: 'PATCH',
          body,
          headers: { 'idempotency-key': id },
          timeout: SEND_TIMEOUT_MS,
        };
      },
      async onQueryStarted({ slot, bookingId }, { dispatch, queryFulfilled }) {
        const replace = (booking: Booking) =>
          dispatch(
            slotApi.util.updateQueryData('getSlotBookings', slot, (draft) => {
              const index = draft.bookings.findIndex((b) => b._id === bookingId);
              if (index >= 0 && (draft.bookings[index]?.version ?? 0) <= booking.version) {
                draft.bookings[index] = booking;
              }
            }),
          );
        try {
          replace((await queryFulfilled).data);
        } catch (failure) {
          const conflict = conflictOf((failure as { error?: unknown }).error);
          if (conflict) replace(conflict.current);
        }
      },
      // Applied (in part, in a conflict): the day's counts changed. Refused (the lock): the slot is read again.
      invalidatesTags: (_result, error, { slot }) => {
        if (!error || conflictOf(error)) return dayTags(slot.day);
        return typeof error.status === 'number' && error.status < 500 ? [{ type: 'Slot', id: slotId(slot) }] : [];
      },
    }),
    /** Null when the slot has no shift yet: the server's 404 NO_SHIFT is an answer, not a failure (spec §8). */
    getSlotShift: build.query<MaybeOffline<Shift> | null, ShiftArgs>({
      async queryFn(args, { getState }, _extra, baseQuery) {
        const { day, time, tour, companyName } = args;
        const path = `/api/shift/${encodeURIComponent(time)}/${day}/${encodeURIComponent(tour)}/${encodeURIComponent(companyName)}`;
        const result = await fetchWithSnapshot<Shift>(path, `shift|${slotId(args)}`, getState, baseQuery);
        return 'error' in result && errorCode(result.error) === 'NO_SHIFT' ? { data: null } : result;
      },
      providesTags: (_result, _error, slot) => [shiftTag(slot)],
      onCacheEntryAdded: (args, lifecycle) =>
        keepOnDevice(lifecycle, `shift|${slotId(args)}`, (state): unknown =>
          cachedData(slotApi.endpoints.getSlotShift, args, state),
        ),
    }),
    getNote: build.query<MaybeOffline<{ note: string }>, string>({
      queryFn: (uniqueId, { getState }, _extra, baseQuery) =>
        fetchWithSnapshot<{ note: string }>(
          `/api/${encodeURIComponent(uniqueId)}`,
          `note|${uniqueId}`,
          getState,
          baseQuery,
        ),
      providesTags: (_result, _error, uniqueId) => [{ type: 'Note', id: uniqueId }],
      onCacheEntryAdded: (uniqueId, lifecycle) =>
        keepOnDevice(lifecycle, `note|${uniqueId}`, (state): unknown =>
          cachedData(slotApi.endpoints.getNote, uniqueId, state),
        ),
    }),
  }),
});

/** What the slot's cache entry holds now (typed here: the endpoint cannot name its own type inside itself). */
function shownSlot(slot: SlotArgs, state: unknown): MaybeOffline<SlotBookings> | undefined {
  return cachedData(slotApi.endpoints.getSlotBookings, slot, state);
}

export const { useGetSlotBookingsQuery, useGetNoteQuery, useGetSlotShiftQuery } = slotApi;
