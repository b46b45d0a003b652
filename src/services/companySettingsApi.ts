import type { Company } from '../domain/company';
import type { CompanySettingsBody } from '../domain/schemas/company';
import { api } from './api';
import { showChangedCompany } from './companyChanges';

// Settings changes the company's settings; the day page's setup checklist confirms the zone sign-up guessed.
export const companySettingsApi = api.injectEndpoints({
  endpoints: (build) => ({
    updateCompanySettings: build.mutation<Company, { companyId: string; changes: CompanySettingsBody }>({
      query: ({ companyId, changes }) => ({ url: `/api/company/${companyId}`, method: 'PATCH', body: changes }),
      onQueryStarted: showChangedCompany,
    }),
  }),
});

export const { useUpdateCompanySettingsMutation } = companySettingsApi;
