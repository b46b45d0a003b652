import type { Company } from '../../domain/company';
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
  }),
});

export const { useAddCatalogEntryMutation } = settingsApi;
