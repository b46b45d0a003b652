import type { AddBookingBody, Booking, EditBookingBody } from '../../domain/booking';
import { slotApi, type SlotArgs } from './slotApi';
import { slotAndDayTags } from './slotTags';

export interface EditBookingArgs extends SlotArgs {
  bookingId: string;
  body: EditBookingBody;
}

export type AddBookingArgs = SlotArgs & { body: AddBookingBody };

/** The booking dialogs' writes: they download with the dialogs (booking-forms), not with the slot page. */
export const bookingFormsApi = slotApi.injectEndpoints({
  endpoints: (build) => ({
    editBooking: build.mutation<Booking, EditBookingArgs>({
      query: ({ bookingId, body }) => ({ url: `/api/bookings/edit/${bookingId}`, method: 'PATCH', body }),
      invalidatesTags: (result, _error, slot) => slotAndDayTags(slot, result),
    }),
    addBooking: build.mutation<Booking, AddBookingArgs>({
      query: ({ body }) => ({ url: '/api/bookings/add-booking', method: 'POST', body }),
      invalidatesTags: (result, _error, slot) => slotAndDayTags(slot, result),
    }),
  }),
});

export const { useEditBookingMutation, useAddBookingMutation } = bookingFormsApi;
