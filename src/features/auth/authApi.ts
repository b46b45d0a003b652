import type { AuthUser, Credentials, RefreshResponse, SignupBody } from '../../domain/auth';
import type { Company } from '../../domain/company';
import { api } from '../../services/api';
import { companyUpdated } from '../../services/authEvents';

interface UserResponse {
  user: AuthUser;
}

export const authApi = api.injectEndpoints({
  endpoints: (build) => ({
    login: build.mutation<UserResponse, Credentials>({
      query: (credentials) => ({ url: '/auth', method: 'POST', body: credentials }),
    }),
    signup: build.mutation<UserResponse, SignupBody>({
      query: (credentials) => ({ url: '/api/user/signup', method: 'POST', body: credentials }),
    }),
    logout: build.mutation<void, void>({
      query: () => ({ url: '/auth/logout', method: 'POST' }),
    }),
    // A mutation although it is a GET: every call rotates the refresh cookie, so it must never be cached or deduped.
    refreshSession: build.mutation<RefreshResponse, void>({
      query: () => ({ url: '/auth/refresh', method: 'GET' }),
    }),
    // The stored user's company is as old as the sign-in that stored it: a Manager may have changed it since.
    getCompany: build.query<Company, void>({
      query: () => '/api/company',
      async onQueryStarted(_arg, { dispatch, queryFulfilled }) {
        const { data } = await queryFulfilled.catch(() => ({ data: undefined }));
        // A failed read keeps the stored copy: the app still works with it.
        if (data) dispatch(companyUpdated(data));
      },
    }),
  }),
});

export const {
  useLoginMutation,
  useSignupMutation,
  useLogoutMutation,
  useRefreshSessionMutation,
  useLazyGetCompanyQuery,
} = authApi;
