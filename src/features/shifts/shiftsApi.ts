import type { GuideShiftRow, TimeRangeBody } from '../../domain/team';
import { api } from '../../services/api';

export interface GuideShiftsArgs {
  /** A member's `_id`; left out for a Guide, whom the server answers with their own shifts. */
  guide?: string;
  /** yyyy-MM-dd, both days included. */
  start: string;
  end: string;
}

export interface ShiftGuide {
  _id: string;
  name: string;
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
    /** The Manager's guide picker: every member of the company (a Manager can lead tours too). */
    getShiftGuides: build.query<ShiftGuide[], void>({
      query: () => '/api/user/guides/company',
      providesTags: [{ type: 'Team', id: 'LIST' }],
    }),
  }),
});

export const { useGetGuideShiftsQuery, useGetShiftGuidesQuery } = shiftsApi;
