import { api } from './api';

/** A member of the company: whom check-ins are recorded as and shifts are shown for (spec §7: GET /api/user/guides/company). */
export interface CompanyGuide {
  _id: string;
  name: string;
}

export const guidesApi = api.injectEndpoints({
  endpoints: (build) => ({
    getCompanyGuides: build.query<CompanyGuide[], void>({
      query: () => '/api/user/guides/company',
      // The Team page changes this list (add or delete a guide); its mutations invalidate the LIST.
      providesTags: [{ type: 'Team', id: 'LIST' }],
    }),
  }),
});

export const { useGetCompanyGuidesQuery } = guidesApi;
