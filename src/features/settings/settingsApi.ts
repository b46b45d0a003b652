import type { Company } from '../../domain/company';
import type { CatalogChange, CompanySettingsBody } from '../../domain/schemas/company';
import { api } from '../../services/api';
import { companyUpdated } from '../../services/authEvents';

export type CatalogPlural = 'tours' | 'sources';

/** Every answer here is the updated company, which becomes the signed-in user's at once (every screen follows). */
async function followCompany(
  _arg: unknown,
  { dispatch, queryFulfilled }: { dispatch: (action: unknown) => unknown; queryFulfilled: Promise<{ data: Company }> },
) {
  const answer = await queryFulfilled.catch(() => undefined);
  if (answer) dispatch(companyUpdated(answer.data));
}

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
    changeCatalogEntry: build.mutation<
      Company,
      { companyId: string; plural: CatalogPlural; ref: string; change: CatalogChange }
    >({
      query: ({ companyId, plural, ref, change }) => ({
        url: `/api/company/${companyId}/${plural}/${encodeURIComponent(ref)}`,
        method: 'PATCH',
        body: change,
      }),
      onQueryStarted: followCompany,
    }),
    updateCompanySettings: build.mutation<Company, { companyId: string; changes: CompanySettingsBody }>({
      query: ({ companyId, changes }) => ({ url: `/api/company/${companyId}`, method: 'PATCH', body: changes }),
      onQueryStarted: followCompany,
    }),
  }),
});

export const { useAddCatalogEntryMutation, useChangeCatalogEntryMutation, useUpdateCompanySettingsMutation } =
  settingsApi;
