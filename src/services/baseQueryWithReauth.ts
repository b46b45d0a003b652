import type { BaseQueryApi, BaseQueryFn, FetchArgs, FetchBaseQueryError } from '@reduxjs/toolkit/query';
import { fetchBaseQuery } from '@reduxjs/toolkit/query/react';
import type { RefreshResponse } from '../domain/auth';
import { DEVICE_HEADER } from '../domain/events';
import { loggedOut, tokenReceived } from './authEvents';
import { deviceId } from './deviceId';
import { isNetworkError } from './errors';
import { syncChanged, type OutboxState } from './offline/outboxSlice';

/** Only what the base query needs of the store; the full RootState lives in src/app. */
interface StateWithToken {
  auth: { user: { token: string } | null };
}

export const tokenIn = (state: unknown): string | undefined => (state as StateWithToken).auth.user?.token;

// Absolute because Node's fetch (tests) rejects relative URLs; in the browser it is the page's own origin.
export const API_ORIGIN = globalThis.location?.origin ?? 'http://localhost';

const rawBaseQuery = fetchBaseQuery({
  baseUrl: API_ORIGIN,
  credentials: 'include',
  prepareHeaders: (headers, { getState }) => {
    const token = tokenIn(getState());
    if (token && !headers.has('authorization')) headers.set('authorization', `Bearer ${token}`);
    headers.set(DEVICE_HEADER, deviceId());
    return headers;
  },
});

// A 401 from the session routes means bad credentials or no session: refreshing cannot help there.
const SESSION_ROUTE = /^\/auth(\/|$)/;

/** The refresh under way, if any (a promise rather than a mutex library: this is all the locking needed). */
let refreshing: Promise<void> | null = null;
/**
 * Counts finished refresh attempts. A call that failed with 401 refreshes only if no attempt finished since it
 * was sent; otherwise an earlier refresh already answered for it (new token, or logged out).
 */
let refreshAttempts = 0;

/**
 * One refresh at a time: a caller that finds one under way waits for it, then looks again. Nothing is awaited
 * between the last look and starting its own, so two callers cannot both start one. A refresh that finished after
 * `attemptsWhenSent` already answered for the caller (new token, or logged out).
 */
async function refreshUnlessAnswered(api: BaseQueryApi, extraOptions: object, attemptsWhenSent: number) {
  while (refreshing) await refreshing;
  if (refreshAttempts !== attemptsWhenSent) return;
  const attempt = (async () => {
    try {
      const refreshed = await rawBaseQuery('/auth/refresh', api, extraOptions);
      if (refreshed.data) api.dispatch(tokenReceived(refreshed.data as RefreshResponse));
      // No network is no answer: a guide in the street stays signed in, with their check-ins waiting.
      else if (refreshed.error?.status !== 'FETCH_ERROR') api.dispatch(loggedOut());
    } finally {
      refreshAttempts += 1;
      refreshing = null;
    }
  })();
  // Callers waiting on it go on to retry or give up whatever became of it; only this caller sees an error.
  refreshing = attempt.catch(() => undefined);
  await attempt;
}

/**
 * The same refresh for a request made outside the base query (the live stream) that was refused `staleToken`:
 * it joins a refresh under way, and starts none if the token changed since.
 */
export async function renewAccessToken(api: BaseQueryApi, staleToken: string, extraOptions: object = {}) {
  while (refreshing) await refreshing;
  if (tokenIn(api.getState()) !== staleToken) return;
  await refreshUnlessAnswered(api, extraOptions, refreshAttempts);
}

/** Every answer says the network is there, and a call that got none that it is not: the header's pill follows. */
function noteNetwork(api: BaseQueryApi, error: unknown) {
  const online = !isNetworkError(error);
  if ((api.getState() as { outbox?: OutboxState }).outbox?.online !== online) api.dispatch(syncChanged({ online }));
}

export const baseQueryWithReauth: BaseQueryFn<string | FetchArgs, unknown, FetchBaseQueryError> = async (
  args,
  api,
  extraOptions,
) => {
  // Calls issued while a refresh runs wait for its new token instead of failing with the old one.
  await refreshing;
  const attemptsWhenSent = refreshAttempts;
  const signedIn = tokenIn(api.getState()) !== undefined;
  const result = await rawBaseQuery(args, api, extraOptions);
  noteNetwork(api, result.error);

  const url = typeof args === 'string' ? args : args.url;
  // Without a user there is no session to renew (the on-load rule already asked the cookie), and refreshing
  // anyway could loop: failed refresh, logged out, cache reset, refetch, 401, refresh...
  if (result.error?.status !== 401 || !signedIn || SESSION_ROUTE.test(url)) return result;

  await refreshUnlessAnswered(api, extraOptions, attemptsWhenSent);
  if (!tokenIn(api.getState())) return result;
  const retried = await rawBaseQuery(args, api, extraOptions);
  noteNetwork(api, retried.error);
  return retried;
};
