import { api } from '../../services/api';

/** A team member check-ins can be recorded as (spec §7: GET /api/user/guides/company). */
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
