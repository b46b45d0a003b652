import type { FetchBaseQueryError } from '@reduxjs/toolkit/query';
import type { Company } from '../domain/company';
import { api } from './api';
import { cachedData, fetchWithSnapshot, keepOnDevice, type MaybeOffline } from './offline/withSnapshot';

// Kept on the device like a guide's day and slot: without a network the pages still know the tours and the rules.
const COPY = 'company';
// Every page waits for the company: a server failure too falls back on the copy, rather than stopping them all.
const noAnswer = (error: FetchBaseQueryError) =>
  error.status === 'FETCH_ERROR' || (typeof error.status === 'number' && error.status >= 500);

/**
 * The signed-in member's company (settings, tours, sources, as their role may see them): filled by the sign-in's
 * answer or read when the app opens, replaced by a Manager's change, read again when the live stream says it changed.
 */
export const companyApi = api.injectEndpoints({
  endpoints: (build) => ({
    getCompany: build.query<MaybeOffline<Company>, void>({
      queryFn: (_arg, { getState }, _extra, baseQuery) =>
        fetchWithSnapshot<Company>('/api/company', COPY, getState, baseQuery, noAnswer),
      providesTags: ['Company'],
      onCacheEntryAdded: (_arg, lifecycle) =>
        keepOnDevice(lifecycle, COPY, (state): unknown =>
          cachedData(companyApi.endpoints.getCompany, undefined, state),
        ),
    }),
  }),
});

export const { useGetCompanyQuery } = companyApi;

/** The company a sign-in or a session refresh answered: no page reads it again. */
export const companySignedIn = (company: Company) =>
  companyApi.util.upsertQueryEntries([{ endpointName: 'getCompany', arg: undefined, value: company }]);

/** A company the app kept before it kept it here (in the stored sign-in): it becomes the copy on the device. */
export const keepCompanyCopy = (userId: string, company: Company) =>
  import(/* webpackChunkName: "offline" */ './offline/snapshots').then((m) => m.saveSnapshot(userId, COPY, company));

/** The company, on a page behind RequireAuth: it renders its pages once the company is read. */
export function useCompany(): Company {
  const { data } = useGetCompanyQuery();
  if (!data) throw new Error('useCompany is only for pages behind RequireAuth');
  return data;
}
