/** The company's timetable: edited on the Settings page, read by the day page's setup checklist. */
import type { Timetable } from '../domain/timetable';
import { api } from './api';
import { errorCode } from './errors';

export const timetableApi = api.injectEndpoints({
  endpoints: (build) => ({
    getTimetable: build.query<Timetable, string>({
      query: (companyId) => `/api/company/${companyId}/timetable`,
      providesTags: ['Timetable'],
    }),
    /**
     * Every day page shows the timetable's departures: they all read again. Refused for a tour the company no longer
     * runs, the tours offered were out of date: the company is read again.
     */
    saveTimetable: build.mutation<Timetable, { companyId: string; timetable: Timetable }>({
      query: ({ companyId, timetable }) => ({
        url: `/api/company/${companyId}/timetable`,
        method: 'PUT',
        body: timetable,
      }),
      invalidatesTags: (_result, error) => {
        if (!error) return ['Timetable', 'Bookings'];
        return errorCode(error) === 'UNKNOWN_TOUR' ? ['Company'] : [];
      },
    }),
  }),
});

export const { useGetTimetableQuery, useSaveTimetableMutation } = timetableApi;
