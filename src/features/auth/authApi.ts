import type { AuthUser, Credentials, RefreshResponse, SignupBody } from '../../domain/auth';
import { api } from '../../services/api';

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
  }),
});

export const { useLoginMutation, useSignupMutation, useLogoutMutation, useRefreshSessionMutation } = authApi;
