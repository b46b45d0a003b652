import type { Booking, CheckInBody, EditBookingBody, NearbySlot, SlotBookings } from '../../domain/booking';
import type { HistoryEntry } from '../../domain/events';
import type { OutboxEntry } from '../../domain/outbox';
import { noteUniqueId } from '../../domain/slotRules';
import type { SaveShiftGuidesBody, Shift } from '../../domain/team';
import { api } from '../../services/api';
import { dayTags, shiftReportTag, shiftStringOf, shiftTag, slotAndDayTags, slotId } from '../../services/bookingTags';
import { conflictOf, errorCode } from '../../services/errors';
import {
  cachedData,
  fetchWithSnapshot,
  keepOnDevice,
  withNewestBookings,
  type MaybeOffline,
} from '../../services/offline/withSnapshot';

export interface SlotArgs {
  day: string;
  time: string;
  tour: string;
}

/** The spec's shift path names the company; the server takes it from the token, but the path needs it. */
export type ShiftArgs = SlotArgs & { companyName: string };

export interface EditBookingArgs extends SlotArgs {
  bookingId: string;
  body: EditBookingBody;
}

export interface SaveShiftGuidesArgs {
  slot: ShiftArgs;
  selectedItems: SaveShiftGuidesBody['selectedGuides']['selectedItems'];
}

export interface AssignGuideArgs extends SlotArgs {
  bookingIds: string[];
  /** A member's name, or null for Unassigned. */
  guide: string | null;
}

const slotCopy = (slot: SlotArgs) => `slot|${slotId(slot)}`;
const slotPath = ({ day, time, tour }: SlotArgs) =>
  `/api/bookings/date/${day}/${encodeURIComponent(time)}/${encodeURIComponent(tour)}`;
const historyTag = (id: string) => ({ type: 'History' as const, id });

// A request the network swallowed is given up after this and sent again later, under the same operation id.
const SEND_TIMEOUT_MS = 15_000;

// The live stream's code, after the first paint: the page's first load stays small.
const liveCode = () =>
  Promise.all([
    import(/* webpackChunkName: "live" */ '../../services/live/followLive'),
    import(/* webpackChunkName: "live" */ '../../domain/liveBookings'),
  ]);

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
        const [{ followLive }, { bookingInSlot, isSameSlot, mergeLiveBookings, movesSplit }] = await liveCode();
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
    editBooking: build.mutation<Booking, EditBookingArgs>({
      query: ({ bookingId, body }) => ({ url: `/api/bookings/edit/${bookingId}`, method: 'PATCH', body }),
      invalidatesTags: (result, _error, slot) => slotAndDayTags(slot, result),
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
    saveShiftGuides: build.mutation<Shift, SaveShiftGuidesArgs>({
      query: ({ slot, selectedItems }) => {
        const body: SaveShiftGuidesBody = { selectedGuides: { selectedItems } };
        return { url: `/api/shift/${encodeURIComponent(shiftStringOf(slot))}/guides`, method: 'POST', body };
      },
      // The answer is the saved shift: the header shows it at once, before the refetch the tag starts.
      async onQueryStarted({ slot }, { dispatch, queryFulfilled }) {
        const answer = await queryFulfilled.catch(() => undefined);
        // A failure is the dialog's to show; the cache keeps the shift as it was.
        if (answer) dispatch(slotApi.util.updateQueryData('getSlotShift', slot, () => answer.data));
      },
      invalidatesTags: (_result, error, { slot }) => (error ? [] : [shiftTag(slot), shiftReportTag]),
    }),
    /** The answer replaces the moved bookings at once, so the groups update without waiting for the refetch. */
    assignGuide: build.mutation<Booking[], AssignGuideArgs>({
      query: ({ bookingIds, guide }) => ({
        url: '/api/bookings/assign-guide',
        method: 'PUT',
        body: { bookingIds, guide },
      }),
      async onQueryStarted({ bookingIds: _ids, guide: _guide, ...slot }, { dispatch, queryFulfilled }) {
        const answer = await queryFulfilled.catch(() => undefined);
        // A failure is the dialog's to show; nothing was changed in the cache.
        if (!answer) return;
        const updated = new Map(answer.data.map((booking) => [booking._id, booking]));
        dispatch(
          slotApi.util.updateQueryData('getSlotBookings', slot, (draft) => {
            draft.bookings = draft.bookings.map((booking) => updated.get(booking._id) ?? booking);
          }),
        );
      },
      // Refetched after a refusal too: a lock or a vanished booking means the slot changed meanwhile. The shift too:
      // its guides' counts follow the bookings assigned to them.
      invalidatesTags: (_result, _error, { bookingIds: _ids, guide: _guide, ...slot }) => [
        ...slotAndDayTags(slot),
        shiftTag(slot),
        shiftReportTag,
      ],
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
    saveNote: build.mutation<{ note: string }, { uniqueId: string; note: string }>({
      query: (body) => ({ url: '/api/save', method: 'PATCH', body }),
      invalidatesTags: (_result, _error, { uniqueId }) => [{ type: 'Note', id: uniqueId }],
    }),
    getNearbyTours: build.query<NearbySlot[], { day: string; startTime: string; endTime: string }>({
      query: ({ day, startTime, endTime }) =>
        `/api/bookings/nearbytours/${day}/${encodeURIComponent(startTime)}/${encodeURIComponent(endTime)}`,
      providesTags: (_result, _error, { day }) => [{ type: 'Bookings', id: day }],
    }),
    // Each history is read again when a live event adds to it; a stream 'reset' reads every History again.
    getBookingHistory: build.query<HistoryEntry[], string>({
      query: (bookingId) => `/api/bookings/${encodeURIComponent(bookingId)}/history`,
      providesTags: (_result, _error, bookingId) => [historyTag(bookingId)],
      async onCacheEntryAdded(bookingId, lifecycle) {
        const [{ followLive }] = await liveCode();
        await followLive(lifecycle, (event) => {
          if (event.bookings.some((b) => b._id === bookingId) || event.gone.includes(bookingId)) {
            lifecycle.dispatch(api.util.invalidateTags([historyTag(bookingId)]));
          }
        });
      },
    }),
    getSlotActivity: build.query<HistoryEntry[], SlotArgs>({
      query: (slot) => `${slotPath(slot)}/activity`,
      providesTags: (_result, _error, slot) => [historyTag(slotId(slot))],
      async onCacheEntryAdded(slot, lifecycle) {
        const [{ followLive }, { bookingInSlot, isSameSlot }] = await liveCode();
        const belongs = bookingInSlot(slot);
        // An event names the slot it happened in; a booking moved here is recorded in the slot it left.
        await followLive(lifecycle, (event) => {
          if (isSameSlot(event.slot, slot) || event.bookings.some(belongs)) {
            lifecycle.dispatch(api.util.invalidateTags([historyTag(slotId(slot))]));
          }
        });
      },
    }),
  }),
});

/** What the slot's cache entry holds now (typed here: the endpoint cannot name its own type inside itself). */
function shownSlot(slot: SlotArgs, state: unknown): MaybeOffline<SlotBookings> | undefined {
  return cachedData(slotApi.endpoints.getSlotBookings, slot, state);
}

export const {
  useGetSlotBookingsQuery,
  useEditBookingMutation,
  useGetSlotShiftQuery,
  useSaveShiftGuidesMutation,
  useAssignGuideMutation,
  useGetNoteQuery,
  useSaveNoteMutation,
  useGetNearbyToursQuery,
  useGetBookingHistoryQuery,
  useGetSlotActivityQuery,
} = slotApi;
