import type {
  AddBookingBody,
  Booking,
  CheckInBody,
  EditBookingBody,
  NearbySlot,
  SlotBookings,
} from '../../domain/booking';
import type { CountList } from '../../domain/customerTypes';
import { api } from '../../services/api';

export interface SlotArgs {
  day: string;
  time: string;
  tour: string;
}

const slotPath = ({ day, time, tour }: SlotArgs) =>
  `/api/bookings/date/${day}/${encodeURIComponent(time)}/${encodeURIComponent(tour)}`;
const slotId = ({ day, time, tour }: SlotArgs) => `${day}|${time}|${tour}`;

export interface CheckInArgs extends SlotArgs {
  bookingId: string;
  attendees: CountList;
  chosenGuide?: string | null;
}

export interface EditBookingArgs extends SlotArgs {
  bookingId: string;
  body: EditBookingBody;
}

export type AddBookingArgs = SlotArgs & { body: AddBookingBody };

/** Every change to a slot also changes its day's list (pax, checked-in) and the slot the booking moves to. */
const slotAndDayTags = (slot: SlotArgs, booking?: Booking) => [
  { type: 'Slot' as const, id: slotId(slot) },
  { type: 'Bookings' as const, id: slot.day },
  ...(booking
    ? [{ type: 'Slot' as const, id: slotId({ day: booking.date, time: booking.time, tour: booking.tour }) }]
    : []),
  ...(booking && booking.date !== slot.day ? [{ type: 'Bookings' as const, id: booking.date }] : []),
];

export const slotApi = api.injectEndpoints({
  endpoints: (build) => ({
    getSlotBookings: build.query<SlotBookings, SlotArgs>({
      query: slotPath,
      providesTags: (_result, _error, slot) => [{ type: 'Slot', id: slotId(slot) }],
    }),
    getNearbyTours: build.query<NearbySlot[], { day: string; startTime: string; endTime: string }>({
      query: ({ day, startTime, endTime }) =>
        `/api/bookings/nearbytours/${day}/${encodeURIComponent(startTime)}/${encodeURIComponent(endTime)}`,
      providesTags: (_result, _error, { day }) => [{ type: 'Bookings', id: day }],
    }),
    /** Optimistic (spec: a check-in tap shows its result at once); rolled back if the server refuses. */
    checkInBooking: build.mutation<Booking, CheckInArgs>({
      query: ({ bookingId, attendees, chosenGuide }) => {
        const body: CheckInBody = { attendees, _id: bookingId, ...(chosenGuide ? { chosenGuide } : {}) };
        return { url: `/api/bookings/${bookingId}`, method: 'PATCH', body };
      },
      // The cache key is the slot alone: chosenGuide must not be part of it.
      async onQueryStarted({ bookingId, attendees, chosenGuide: _chosenGuide, ...slot }, { dispatch, queryFulfilled }) {
        const patch = dispatch(
          slotApi.util.updateQueryData('getSlotBookings', slot, (draft) => {
            const booking = draft.bookings.find((b) => b._id === bookingId);
            if (booking) booking.attendees = attendees;
          }),
        );
        try {
          const { data } = await queryFulfilled;
          dispatch(
            slotApi.util.updateQueryData('getSlotBookings', slot, (draft) => {
              const index = draft.bookings.findIndex((b) => b._id === bookingId);
              if (index >= 0) draft.bookings[index] = data;
            }),
          );
        } catch {
          patch.undo();
        }
      },
      invalidatesTags: (_result, _error, { day }) => [{ type: 'Bookings', id: day }],
    }),
    editBooking: build.mutation<Booking, EditBookingArgs>({
      query: ({ bookingId, body }) => ({ url: `/api/bookings/edit/${bookingId}`, method: 'PATCH', body }),
      invalidatesTags: (result, _error, slot) => slotAndDayTags(slot, result),
    }),
    addBooking: build.mutation<Booking, AddBookingArgs>({
      query: ({ body }) => ({ url: '/api/bookings/add-booking', method: 'POST', body }),
      invalidatesTags: (result, _error, slot) => slotAndDayTags(slot, result),
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
  useCheckInBookingMutation,
  useEditBookingMutation,
  useAddBookingMutation,
  useGetNoteQuery,
  useSaveNoteMutation,
} = slotApi;
