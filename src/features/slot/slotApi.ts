import type {
  AddBookingBody,
  Booking,
  CheckInBody,
  EditBookingBody,
  NearbySlot,
  SlotBookings,
} from '../../domain/booking';
import type { OutboxEntry } from '../../domain/outbox';
import { noteUniqueId } from '../../domain/slotRules';
import type { SaveShiftGuidesBody, Shift } from '../../domain/team';
import { api } from '../../services/api';
import { conflictOf, errorCode } from '../../services/errors';
import { fetchWithSnapshot, type MaybeOffline } from '../../services/offline/withSnapshot';

export interface SlotArgs {
  day: string;
  time: string;
  tour: string;
}

const slotPath = ({ day, time, tour }: SlotArgs) =>
  `/api/bookings/date/${day}/${encodeURIComponent(time)}/${encodeURIComponent(tour)}`;
const slotId = ({ day, time, tour }: SlotArgs) => `${day}|${time}|${tour}`;

// A request the network swallowed is given up after this and sent again later, under the same operation id.
const SEND_TIMEOUT_MS = 15_000;

export interface EditBookingArgs extends SlotArgs {
  bookingId: string;
  body: EditBookingBody;
}

export type AddBookingArgs = SlotArgs & { body: AddBookingBody };

/** The spec's shift path names the company; the server takes it from the token, but the path needs it. */
export type ShiftArgs = SlotArgs & { companyName: string };

export interface SaveShiftGuidesArgs {
  slot: ShiftArgs;
  selectedItems: SaveShiftGuidesBody['selectedGuides']['selectedItems'];
}

export interface AssignGuideArgs extends SlotArgs {
  bookingIds: string[];
  /** A member's name, or null for Unassigned. */
  guide: string | null;
}

/** A shift is keyed like the slot's note: day-time-tour. */
export const shiftStringOf = ({ day, time, tour }: SlotArgs) => noteUniqueId(day, time, tour);
const shiftTag = (slot: SlotArgs) => ({ type: 'Shift' as const, id: shiftStringOf(slot) });
// The guide shift report is built from shifts and from the guides recorded on bookings.
const shiftReportTag = { type: 'Shift' as const, id: 'LIST' };

/**
 * A booking's change (a check-in, an edit, a new booking) changes its day: the day's list (pax, checked-in), its fees
 * and the reports.
 */
const dayTags = (day: string) => [
  { type: 'Bookings' as const, id: day },
  { type: 'Fees' as const, id: day },
  { type: 'Report' as const, id: 'LIST' },
];

/** Every change to a slot also changes its day and the slot and day the booking moves to. */
const slotAndDayTags = (slot: SlotArgs, booking?: Booking) => [
  { type: 'Slot' as const, id: slotId(slot) },
  ...dayTags(slot.day),
  ...(booking
    ? [{ type: 'Slot' as const, id: slotId({ day: booking.date, time: booking.time, tour: booking.tour }) }]
    : []),
  ...(booking && booking.date !== slot.day ? dayTags(booking.date) : []),
];

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
      queryFn: (slot, { getState }, _extra, baseQuery) =>
        fetchWithSnapshot<SlotBookings>(slotPath(slot), `slot|${slotId(slot)}`, getState, baseQuery),
      providesTags: (_result, _error, slot) => [{ type: 'Slot', id: slotId(slot) }],
      // Check-ins, edits and notes made on other devices show at once, without a refetch.
      async onCacheEntryAdded(slot, lifecycle) {
        // With the stream's own code, after the first paint: the page's first load stays small.
        const [{ followLive }, { bookingInSlot, isSameSlot, mergeLiveBookings }] = await Promise.all([
          import(/* webpackChunkName: "live" */ '../../services/live/followLive'),
          import(/* webpackChunkName: "live" */ '../../domain/liveBookings'),
        ]);
        const belongs = bookingInSlot(slot);
        await followLive(lifecycle, (event) => {
          lifecycle.updateCachedData((draft) => {
            const bookings = mergeLiveBookings(draft.bookings, event, belongs);
            if (bookings !== draft.bookings) draft.bookings = bookings;
          });
          if (!isSameSlot(event.slot, slot)) return;
          if (event.kind === 'slot.noteSaved') lifecycle.dispatch(noteSaved(slot, event.note));
          if (event.kind === 'slot.guidesSaved') lifecycle.dispatch(api.util.invalidateTags([shiftTag(slot)]));
        });
      },
    }),
    getNearbyTours: build.query<NearbySlot[], { day: string; startTime: string; endTime: string }>({
      query: ({ day, startTime, endTime }) =>
        `/api/bookings/nearbytours/${day}/${encodeURIComponent(startTime)}/${encodeURIComponent(endTime)}`,
      providesTags: (_result, _error, { day }) => [{ type: 'Bookings', id: day }],
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
    addBooking: build.mutation<Booking, AddBookingArgs>({
      query: ({ body }) => ({ url: '/api/bookings/add-booking', method: 'POST', body }),
      invalidatesTags: (result, _error, slot) => slotAndDayTags(slot, result),
    }),
    /** Null when the slot has no shift yet: the server's 404 NO_SHIFT is an answer, not a failure (spec §8). */
    getSlotShift: build.query<Shift | null, ShiftArgs>({
      async queryFn({ day, time, tour, companyName }, _api, _extraOptions, baseQuery) {
        const result = await baseQuery(
          `/api/shift/${encodeURIComponent(time)}/${day}/${encodeURIComponent(tour)}/${encodeURIComponent(companyName)}`,
        );
        if (result.error) return errorCode(result.error) === 'NO_SHIFT' ? { data: null } : { error: result.error };
        return { data: result.data as Shift };
      },
      providesTags: (_result, _error, slot) => [shiftTag(slot)],
    }),
    saveShiftGuides: build.mutation<Shift, SaveShiftGuidesArgs>({
      query: ({ slot, selectedItems }) => {
        const body: SaveShiftGuidesBody = { selectedGuides: { selectedItems } };
        return { url: `/api/shift/${encodeURIComponent(shiftStringOf(slot))}/guides`, method: 'POST', body };
      },
      // The answer is the saved shift: the header shows it at once, before the refetch the tag starts.
      async onQueryStarted({ slot }, { dispatch, queryFulfilled }) {
        try {
          const { data } = await queryFulfilled;
          dispatch(slotApi.util.updateQueryData('getSlotShift', slot, () => data));
        } catch {
          // The dialog shows the failure; the cache keeps the shift as it was.
        }
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
        try {
          const { data } = await queryFulfilled;
          const updated = new Map(data.map((booking) => [booking._id, booking]));
          dispatch(
            slotApi.util.updateQueryData('getSlotBookings', slot, (draft) => {
              draft.bookings = draft.bookings.map((booking) => updated.get(booking._id) ?? booking);
            }),
          );
        } catch {
          // The dialog shows the failure; nothing was changed in the cache.
        }
      },
      // Refetched after a refusal too: a lock or a vanished booking means the slot changed meanwhile.
      invalidatesTags: (_result, _error, { bookingIds: _ids, guide: _guide, ...slot }) => [
        ...slotAndDayTags(slot),
        shiftReportTag,
      ],
    }),
    getNote: build.query<{ note: string }, string>({
      query: (uniqueId) => `/api/${encodeURIComponent(uniqueId)}`,
      providesTags: (_result, _error, uniqueId) => [{ type: 'Note', id: uniqueId }],
    }),
    saveNote: build.mutation<{ note: string }, { uniqueId: string; note: string }>({
      query: (body) => ({ url: '/api/save', method: 'PATCH', body }),
      invalidatesTags: (_result, _error, { uniqueId }) => [{ type: 'Note', id: uniqueId }],
    }),
  }),
});

export const {
  useGetSlotBookingsQuery,
  useGetNearbyToursQuery,
  useEditBookingMutation,
  useAddBookingMutation,
  useGetNoteQuery,
  useSaveNoteMutation,
  useGetSlotShiftQuery,
  useSaveShiftGuidesMutation,
  useAssignGuideMutation,
} = slotApi;
