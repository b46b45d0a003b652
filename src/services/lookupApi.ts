import type { Booking } from '../domain/booking';
import { api } from './api';

export interface BookingLookup {
  booking: Booking;
  slot: { day: string; time: string; tour: string };
}

// Injected from the scanner's own lazy file: the guide's first visit carries none of it.
const lookupApi = api.injectEndpoints({
  endpoints: (build) => ({
    /** The booking a scanned or typed code names (GET /api/bookings/lookup); each scan asks the server again. */
    lookupBooking: build.query<BookingLookup, string>({
      query: (code) => ({ url: '/api/bookings/lookup', params: { code } }),
      keepUnusedDataFor: 0,
    }),
  }),
});

export const { useLazyLookupBookingQuery } = lookupApi;
