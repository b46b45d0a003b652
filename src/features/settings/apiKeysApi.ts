import type { ApiKey, CreatedApiKey, NewApiKeyBody } from '../../domain/schemas/apiKeys';
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

// A second injection so the revoke can patch the list through keysApi's typed util.
export const apiKeysApi = keysApi.injectEndpoints({
  endpoints: (build) => ({
    createApiKey: build.mutation<CreatedApiKey, NewApiKeyBody>({
      query: (body) => ({ url: '/api/company/api-keys', method: 'POST', body }),
      invalidatesTags: (result) => (result ? [LIST] : []),
    }),
    revokeApiKey: build.mutation<ApiKey, string>({
      query: (id) => ({ url: `/api/company/api-keys/${encodeURIComponent(id)}`, method: 'DELETE' }),
      // The row says Revoked as soon as the server agrees, before the refetch the invalidation starts comes back.
      async onQueryStarted(id, { dispatch, queryFulfilled }) {
        const answer = await queryFulfilled.catch(() => undefined);
        if (!answer) return;
        dispatch(
          keysApi.util.updateQueryData('getApiKeys', undefined, (keys) =>
            keys.map((key) => (key._id === id ? answer.data : key)),
          ),
        );
      },
      invalidatesTags: (result, _error, id) => (result ? [{ type: 'ApiKeys', id }] : []),
    }),
  }),
});

export const { useGetApiKeysQuery, useRevokeApiKeyMutation } = apiKeysApi;

/**
 * Creates a key without tracking the request in the store: a hook's mutation state would hold the secret for as
 * long as the dialog is open. The caller keeps the answer in its own state, and drops it when it closes.
 */
export const createApiKey = (body: NewApiKeyBody) => apiKeysApi.endpoints.createApiKey.initiate(body, { track: false });
