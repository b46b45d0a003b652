import type { Company } from '../../domain/company';
import type { CompanySettingsBody } from '../../domain/schemas/company';
import { api } from '../../services/api';
import { followCompany, type CatalogPlural } from '../../services/catalogApi';

export const settingsApi = api.injectEndpoints({
  endpoints: (build) => ({
    addCatalogEntry: build.mutation<Company, { companyId: string; plural: CatalogPlural; label: string }>({
      query: ({ companyId, plural, label }) => ({
        url: `/api/company/${companyId}/${plural}`,
        method: 'POST',
        body: { label },
      }),
      onQueryStarted: followCompany,
    }),
    updateCompanySettings: build.mutation<Company, { companyId: string; changes: CompanySettingsBody }>({
      query: ({ companyId, changes }) => ({ url: `/api/company/${companyId}`, method: 'PATCH', body: changes }),
      onQueryStarted: followCompany,
    }),
  }),
});

export const { useAddCatalogEntryMutation, useUpdateCompanySettingsMutation } = settingsApi;
