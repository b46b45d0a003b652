import type { ApiKey, ApiKeySourcesBody, CreatedApiKey, NewApiKeyBody } from '../../domain/schemas/apiKeys';
import { api } from '../../services/api';

const LIST = { type: 'ApiKeys' as const, id: 'LIST' };

// The tag is this page's own (RTK Query's addTagTypes): the guide pages' shared code does not carry its name.
const keysApi = api.enhanceEndpoints({ addTagTypes: ['ApiKeys'] }).injectEndpoints({
  endpoints: (build) => ({
    getApiKeys: build.query<ApiKey[], void>({
      query: () => '/api/company/api-keys',
      providesTags: (keys = []) => [LIST, ...keys.map(({ _id }) => ({ type: 'ApiKeys' as const, id: _id }))],
    }),
  }),
});

type Dispatch = (action: ReturnType<typeof keysApi.util.updateQueryData>) => unknown;

/** The row shows the key as the server answered it (revoked, given sources) before the refetch comes back. */
async function showAnswered(
  id: string,
  { dispatch, queryFulfilled }: { dispatch: Dispatch; queryFulfilled: Promise<{ data: ApiKey }> },
) {
  const answer = await queryFulfilled.catch(() => undefined);
  if (!answer) return;
  dispatch(
    keysApi.util.updateQueryData('getApiKeys', undefined, (keys) =>
      keys.map((key) => (key._id === id ? answer.data : key)),
    ),
  );
}

// A second injection so the writes can patch the list through keysApi's typed util.
export const apiKeysApi = keysApi.injectEndpoints({
  endpoints: (build) => ({
    createApiKey: build.mutation<CreatedApiKey, NewApiKeyBody>({
      query: (body) => ({ url: '/api/company/api-keys', method: 'POST', body }),
      invalidatesTags: (result) => (result ? [LIST] : []),
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

export const { useGetApiKeysQuery, usePickApiKeySourcesMutation, useRevokeApiKeyMutation } = apiKeysApi;

/**
 * Creates a key without tracking the request in the store: a hook's mutation state would hold the secret for as
 * long as the dialog is open. The caller keeps the answer in its own state, and drops it when it closes.
 */
export const createApiKey = (body: NewApiKeyBody) => apiKeysApi.endpoints.createApiKey.initiate(body, { track: false });
