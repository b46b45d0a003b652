import { addListener, type Dispatch, type UnsubscribeListener } from '@reduxjs/toolkit';
import type { BaseQueryFn, FetchArgs, FetchBaseQueryError } from '@reduxjs/toolkit/query';
import type { Booking } from '../../domain/booking';
import { newestBookings } from '../../domain/newestBookings';

/** A day's or slot's answer as last seen, when the network is gone: `asOf` says when the server gave it. */
export type MaybeOffline<T> = T & { asOf?: string };

type BaseQuery = (arg: string | FetchArgs) => ReturnType<BaseQueryFn<string | FetchArgs, unknown, FetchBaseQueryError>>;
type WithBookings = { bookings: Booking[] };
type QueryResult<T> = { data: MaybeOffline<T> } | { error: FetchBaseQueryError };

const userIdIn = (state: unknown) => (state as { auth: { user: { _id: string } | null } }).auth.user?._id;
// IndexedDB's code waits for the first answer: the page's first paint does not.
const snapshots = () => import(/* webpackChunkName: "offline" */ './snapshots');
// A burst of changes (a live stream catching up, a sync) is kept once.
const KEEP_AFTER_MS = 250;

const noNetwork = (error: FetchBaseQueryError) => error.status === 'FETCH_ERROR';

/**
 * Reads `url`, and answers the copy kept on the device (with `asOf`) when the network fails (or `copyWhen` says so
 * of another failure), so a guide at the meeting point still sees the slot they opened before the signal went.
 */
export async function fetchWithSnapshot<T extends object>(
  url: string,
  what: string,
  getState: () => unknown,
  baseQuery: BaseQuery,
  copyWhen: (error: FetchBaseQueryError) => boolean = noNetwork,
): Promise<QueryResult<T>> {
  const userId = userIdIn(getState());
  const result = await baseQuery(url);
  if (!result.error) return { data: result.data as T };
  if (!userId || !copyWhen(result.error)) return { error: result.error };
  const kept = await snapshots()
    .then((m) => m.loadSnapshot(userId, what))
    .catch(() => undefined);
  return kept ? { data: { ...(kept.data as T), asOf: kept.at } } : { error: result.error };
}

/**
 * An answer's bookings, each at the newest version the page shows now (`shown`): the answer may have been read on
 * the server before a check-in whose own answer came first.
 */
export function withNewestBookings<T extends WithBookings>(result: QueryResult<T>, shown: WithBookings | undefined) {
  if (!('data' in result)) return result;
  const bookings = newestBookings(result.data.bookings, shown?.bookings);
  return bookings === result.data.bookings ? result : { data: { ...result.data, bookings } };
}

/** A cached query's endpoint, as far as reading its data goes. */
interface CachedEndpoint<A, D> {
  select: (arg: A) => (state: never) => { data?: D };
}

/** What a query's cache entry holds now: it may be ahead of an answer still on its way. */
export function cachedData<A, D>(endpoint: CachedEndpoint<A, D>, arg: A, state: unknown): D | undefined {
  return endpoint.select(arg)(state as never).data;
}

interface CacheLifecycle {
  dispatch: Dispatch;
  cacheEntryRemoved: Promise<unknown>;
}

/**
 * For as long as a query's cache entry lives, keeps on the device what it holds, each time it changes (an answer, a
 * check-in's answer, a live event), so a reload without a network shows what the page showed; a copy read back from
 * the device keeps the time the server gave it.
 */
export function keepOnDevice(lifecycle: CacheLifecycle, what: string, select: (state: unknown) => unknown) {
  const added = addListener({
    predicate: (_action, current, previous) => select(current) !== select(previous),
    effect: async (_action, listenerApi) => {
      listenerApi.cancelActiveListeners();
      await listenerApi.delay(KEEP_AFTER_MS);
      const state = listenerApi.getState();
      const userId = userIdIn(state);
      const shown = select(state) as MaybeOffline<object> | null | undefined;
      if (!userId || !shown) return;
      const { asOf, ...data } = shown;
      await snapshots()
        .then((m) => m.saveSnapshot(userId, what, data, asOf))
        .catch(() => undefined);
    },
  });
  // The store's listener middleware answers a dispatched addListener with the function that removes it.
  const stop = lifecycle.dispatch(added) as unknown as UnsubscribeListener;
  void lifecycle.cacheEntryRemoved.then(() => stop());
}
