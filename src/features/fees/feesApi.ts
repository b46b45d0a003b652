import type { FeeRow, FeesBody } from '../../domain/reports';
import { nextDay } from '../../domain/slotRules';
import { api } from '../../services/api';

/** Tour days, yyyy-MM-dd, both included: one day is the range from it to itself. */
export interface FeeDays {
  from: string;
  to: string;
}

/** Every day of a range, for the tags: a check-in on any of them makes the table stale. */
function daysOf({ from, to }: FeeDays): string[] {
  const days: string[] = [];
  for (let day = from; day <= to; day = nextDay(day)) days.push(day);
  return days;
}

export const feesApi = api.injectEndpoints({
  endpoints: (build) => ({
    // A POST (spec §7) that only reads, so a query: cached per range like any other report.
    getFees: build.query<FeeRow[], FeeDays>({
      query: ({ from, to }) => {
        // The spec's call for one day; a range otherwise.
        const body: FeesBody = from === to ? { day: from } : { from, to };
        return { url: '/api/bookings/fees', method: 'POST', body };
      },
      providesTags: (_result, _error, days) => daysOf(days).map((day) => ({ type: 'Fees' as const, id: day })),
    }),
  }),
});

export const { useGetFeesQuery } = feesApi;
