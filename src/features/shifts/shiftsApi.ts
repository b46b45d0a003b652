import type { GuideShiftRow, TimeRangeBody } from '../../domain/team';
import { api } from '../../services/api';

export interface GuideShiftsArgs {
  /** A member's `_id`; left out for a Guide, whom the server answers with their own shifts. */
  guide?: string;
  /** yyyy-MM-dd, both days included. */
  start: string;
  end: string;
}

export const shiftsApi = api.injectEndpoints({
  endpoints: (build) => ({
    // A POST (spec §7) that only reads, so a query: cached per guide and range like any other report.
    getGuideShifts: build.query<GuideShiftRow[], GuideShiftsArgs>({
      query: ({ guide, start, end }) => {
        const body: TimeRangeBody = { ...(guide ? { guide } : {}), timeRange: { start, end } };
        return { url: '/api/shift/guide-time-range', method: 'POST', body };
      },
      providesTags: [{ type: 'Shift', id: 'LIST' }],
    }),
  }),
});

export const { useGetGuideShiftsQuery } = shiftsApi;
