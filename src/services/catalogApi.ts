import type { Company } from '../domain/company';
import type { CatalogChange } from '../domain/schemas/company';
import { api } from './api';
import { showChangedCompany } from './companyChanges';

export type CatalogPlural = 'tours' | 'sources';

// Settings changes a tour or a source; the import page gives a tour another name (the one a channel's file uses).
export const catalogApi = api.injectEndpoints({
  endpoints: (build) => ({
    changeCatalogEntry: build.mutation<
      Company,
      { companyId: string; plural: CatalogPlural; ref: string; change: CatalogChange }
    >({
      query: ({ companyId, plural, ref, change }) => ({
        url: `/api/company/${companyId}/${plural}/${encodeURIComponent(ref)}`,
        method: 'PATCH',
        body: change,
      }),
      onQueryStarted: showChangedCompany,
    }),
  }),
});

export const { useChangeCatalogEntryMutation } = catalogApi;
