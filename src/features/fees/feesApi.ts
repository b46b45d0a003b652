import type { FeeRow } from '../../domain/reports';
import { api } from '../../services/api';

export const feesApi = api.injectEndpoints({
  endpoints: (build) => ({
    // A POST (spec §7) that only reads, so a query: cached per day like any other report.
    getFees: build.query<FeeRow[], string>({
      query: (day) => ({ url: '/api/bookings/fees', method: 'POST', body: { day } }),
      providesTags: (_result, _error, day) => [{ type: 'Fees', id: day }],
    }),
  }),
});

export const { useGetFeesQuery } = feesApi;
