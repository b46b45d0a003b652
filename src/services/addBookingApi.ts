import type { AddBookingBody, Booking } from '../domain/booking';
import type { SlotKey } from '../domain/capacity';
import { api } from './api';
import { slotAndDayTags } from './bookingTags';

export type AddBookingArgs = SlotKey & { body: AddBookingBody };

/** Add Booking, from a slot's page or the day's: it downloads with the dialog (booking-forms), not with either page. */
export const addBookingApi = api.injectEndpoints({
  endpoints: (build) => ({
    addBooking: build.mutation<Booking, AddBookingArgs>({
      query: ({ body }) => ({ url: '/api/bookings/add-booking', method: 'POST', body }),
      invalidatesTags: (result, _error, slot) => slotAndDayTags(slot, result),
    }),
  }),
});

export const { useAddBookingMutation } = addBookingApi;
