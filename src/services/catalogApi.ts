import type { Company } from '../domain/company';
import type { CatalogChange } from '../domain/schemas/company';
import { api } from './api';
import { companyUpdated } from './authEvents';

export type CatalogPlural = 'tours' | 'sources';

/** An answer that is the updated company becomes the signed-in user's at once (every screen follows). */
export async function followCompany(
  _arg: unknown,
  { dispatch, queryFulfilled }: { dispatch: (action: unknown) => unknown; queryFulfilled: Promise<{ data: Company }> },
) {
  const answer = await queryFulfilled.catch(() => undefined);
  if (answer) dispatch(companyUpdated(answer.data));
}

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
      onQueryStarted: followCompany,
    }),
  }),
});

export const { useChangeCatalogEntryMutation } = catalogApi;
