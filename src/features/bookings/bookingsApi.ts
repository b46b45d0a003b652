import type { DayBookings } from '../../domain/booking';
import { api } from '../../services/api';

export const bookingsApi = api.injectEndpoints({
  endpoints: (build) => ({
    getDayBookings: build.query<DayBookings, string>({
      query: (day) => `/api/bookings/date/${day}`,
      providesTags: (_result, _error, day) => [{ type: 'Bookings', id: day }],
    }),
  }),
});

export const { useGetDayBookingsQuery } = bookingsApi;
