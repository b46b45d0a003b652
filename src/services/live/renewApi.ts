import { api } from '../api';
import { renewAccessToken } from '../baseQueryWithReauth';

/** The stream is read with fetch, outside the base query: its renewals go through the base query's one refresh. */
export const renewApi = api.injectEndpoints({
  endpoints: (build) => ({
    /** The argument is the access token the stream was refused. */
    renewSession: build.mutation<null, string>({
      async queryFn(staleToken, queryApi, extraOptions) {
        await renewAccessToken(queryApi, staleToken, extraOptions ?? {});
        return { data: null };
      },
    }),
  }),
});
