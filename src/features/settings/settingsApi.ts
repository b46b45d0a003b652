import type { Company } from '../../domain/company';
import type { CompanySettingsBody } from '../../domain/schemas/company';
import { api } from '../../services/api';
import { companyUpdated } from '../../services/authEvents';

export const settingsApi = api.injectEndpoints({
  endpoints: (build) => ({
    /** Answers the updated company, which becomes the signed-in user's at once (every screen follows). */
    updateCompanySettings: build.mutation<Company, { companyId: string; changes: CompanySettingsBody }>({
      query: ({ companyId, changes }) => ({ url: `/api/company/${companyId}`, method: 'PATCH', body: changes }),
      async onQueryStarted(_arg, { dispatch, queryFulfilled }) {
        const { data } = await queryFulfilled.catch(() => ({ data: undefined }));
        if (data) dispatch(companyUpdated(data));
      },
    }),
  }),
});

export const { useUpdateCompanySettingsMutation } = settingsApi;
