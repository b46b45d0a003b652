import type { Company } from '../../domain/company';
import type { ApiKey, ApiKeySourcesBody, CreatedApiKey, NewApiKeyBody } from '../../domain/schemas/apiKeys';
import { api } from '../../services/api';
import type { CatalogPlural } from '../../services/catalogApi';
import { showChangedCompany } from '../../services/companyChanges';

const KEYS = { type: 'ApiKeys' as const, id: 'LIST' };

/** The row shows the key as the server answered it (revoked, given sources) before the refetch comes back. */
async function showAnswered(
  id: string,
  { dispatch, queryFulfilled }: { dispatch: (action: unknown) => unknown; queryFulfilled: Promise<{ data: ApiKey }> },
): Promise<void> {
  const answer = await queryFulfilled.catch(() => undefined);
  if (!answer) return;
  dispatch(
    settingsApi.util.updateQueryData('getApiKeys', undefined, (keys) =>
      keys.map((key) => (key._id === id ? answer.data : key)),
    ),
  );
}

export const settingsApi = api.injectEndpoints({
  endpoints: (build) => ({
    addCatalogEntry: build.mutation<Company, { companyId: string; plural: CatalogPlural; label: string }>({
      query: ({ companyId, plural, label }) => ({
        url: `/api/company/${companyId}/${plural}`,
        method: 'POST',
        body: { label },
      }),
      onQueryStarted: showChangedCompany,
    }),
    getApiKeys: build.query<ApiKey[], void>({
      query: () => '/api/company/api-keys',
      providesTags: (keys = []) => [KEYS, ...keys.map(({ _id }) => ({ type: 'ApiKeys' as const, id: _id }))],
    }),
    createApiKey: build.mutation<CreatedApiKey, NewApiKeyBody>({
      query: (body) => ({ url: '/api/company/api-keys', method: 'POST', body }),
      invalidatesTags: (result) => (result ? [KEYS] : []),
    }),
    pickApiKeySources: build.mutation<ApiKey, { id: string } & ApiKeySourcesBody>({
      query: ({ id, ...body }) => ({ url: `/api/company/api-keys/${encodeURIComponent(id)}`, method: 'PATCH', body }),
      onQueryStarted: ({ id }, api) => showAnswered(id, api),
      invalidatesTags: (result, _error, { id }) => (result ? [{ type: 'ApiKeys', id }] : []),
    }),
    revokeApiKey: build.mutation<ApiKey, string>({
      query: (id) => ({ url: `/api/company/api-keys/${encodeURIComponent(id)}`, method: 'DELETE' }),
      onQueryStarted: (id, api) => showAnswered(id, api),
      invalidatesTags: (result, _error, id) => (result ? [{ type: 'ApiKeys', id }] : []),
    }),
  }),
});

export const { useAddCatalogEntryMutation, useGetApiKeysQuery, usePickApiKeySourcesMutation, useRevokeApiKeyMutation } =
  settingsApi;

/**
 * Creates a key without tracking the request in the store: a hook's mutation state would hold the secret for as
 * long as the dialog is open. The caller keeps the answer in its own state, and drops it when it closes.
 */
export const createApiKey = (body: NewApiKeyBody) =>
  settingsApi.endpoints.createApiKey.initiate(body, { track: false });
