import type { BaseQueryFn, FetchArgs, FetchBaseQueryError } from '@reduxjs/toolkit/query';

/** A day's or slot's answer as last seen, when the network is gone: `asOf` says when the server gave it. */
export type MaybeOffline<T> = T & { asOf?: string };

type BaseQuery = (arg: string | FetchArgs) => ReturnType<BaseQueryFn<string | FetchArgs, unknown, FetchBaseQueryError>>;

const userIdIn = (state: unknown) => (state as { auth: { user: { _id: string } | null } }).auth.user?._id;
// IndexedDB's code waits for the first answer: the page's first paint does not.
const snapshots = () => import(/* webpackChunkName: "offline" */ './snapshots');

/**
 * Reads `url`; keeps the answer on the device, and answers the kept copy (with `asOf`) when the network fails,
 * so a guide at the meeting point still sees the slot they opened before the signal went.
 */
export async function fetchWithSnapshot<T extends object>(
  url: string,
  what: string,
  getState: () => unknown,
  baseQuery: BaseQuery,
): Promise<{ data: MaybeOffline<T> } | { error: FetchBaseQueryError }> {
  const userId = userIdIn(getState());
  const result = await baseQuery(url);
  if (!userId) return result.error ? { error: result.error } : { data: result.data as T };
  if (!result.error) {
    void snapshots()
      .then((m) => m.saveSnapshot(userId, what, result.data))
      .catch(() => undefined);
    return { data: result.data as T };
  }
  if (result.error.status !== 'FETCH_ERROR') return { error: result.error };
  const kept = await snapshots()
    .then((m) => m.loadSnapshot(userId, what))
    .catch(() => undefined);
  return kept ? { data: { ...(kept.data as T), asOf: kept.at } } : { error: result.error };
}
