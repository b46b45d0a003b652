import { addListener, type Dispatch, type UnsubscribeListener } from '@reduxjs/toolkit';
import type { BaseQueryFn, FetchArgs, FetchBaseQueryError } from '@reduxjs/toolkit/query';
import type { Booking } from '../../domain/booking';
import { newestBookings } from '../../domain/newestBookings';

/** A day's or slot's answer as last seen, when the network is gone: `asOf` says when the server gave it. */
export type MaybeOffline<T> = T & { asOf?: string };

type BaseQuery = (arg: string | FetchArgs) => ReturnType<BaseQueryFn<string | FetchArgs, unknown, FetchBaseQueryError>>;
type WithBookings = { bookings: Booking[] };

const userIdIn = (state: unknown) => (state as { auth: { user: { _id: string } | null } }).auth.user?._id;
// IndexedDB's code waits for the first answer: the page's first paint does not.
const snapshots = () => import(/* webpackChunkName: "offline" */ './snapshots');
// A burst of changes (a live stream catching up, a sync) is kept once.
const KEEP_AFTER_MS = 250;

/**
 * Reads `url`, and answers the copy kept on the device (with `asOf`) when the network fails, so a guide at the
 * meeting point still sees the slot they opened before the signal went. A booking the page shows (`shown`, read when
 * the answer comes) at a newer version stays as shown: the answer may have been read before a check-in whose own
 * answer came first.
 */
export async function fetchWithSnapshot<T extends WithBookings>(
  url: string,
  what: string,
  getState: () => unknown,
  baseQuery: BaseQuery,
  shown: () => WithBookings | undefined,
): Promise<{ data: MaybeOffline<T> } | { error: FetchBaseQueryError }> {
  const userId = userIdIn(getState());
  const result = await baseQuery(url);
  if (!result.error) {
    const data = result.data as T;
    const bookings = newestBookings(data.bookings, shown()?.bookings);
    return { data: bookings === data.bookings ? data : { ...data, bookings } };
  }
  if (!userId || result.error.status !== 'FETCH_ERROR') return { error: result.error };
  const kept = await snapshots()
    .then((m) => m.loadSnapshot(userId, what))
    .catch(() => undefined);
  return kept ? { data: { ...(kept.data as T), asOf: kept.at } } : { error: result.error };
}

/**
 * Keeps on the device what a page shows, each time it changes (an answer, a check-in's answer, a live event), so a
 * reload without a network shows the same; a copy read back from the device keeps the time the server gave it.
 * Answers the function that stops keeping.
 */
export function keepOnDevice(
  dispatch: Dispatch,
  what: string,
  select: (state: unknown) => MaybeOffline<object> | undefined,
): UnsubscribeListener {
  const added = addListener({
    predicate: (_action, current, previous) => select(current) !== select(previous),
    effect: async (_action, listenerApi) => {
      listenerApi.cancelActiveListeners();
      await listenerApi.delay(KEEP_AFTER_MS);
      const state = listenerApi.getState();
      const userId = userIdIn(state);
      const shown = select(state);
      if (!userId || !shown) return;
      const { asOf, ...data } = shown;
      await snapshots()
        .then((m) => m.saveSnapshot(userId, what, data, asOf))
        .catch(() => undefined);
    },
  });
  // The store's listener middleware answers a dispatched addListener with the function that removes it.
  return dispatch(added) as unknown as UnsubscribeListener;
}
