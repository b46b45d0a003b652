import type { ThunkDispatch, UnknownAction } from '@reduxjs/toolkit';
import { createLiveStream, type LiveListener, type LiveStream } from './liveStream';

/**
 * The store's thunk argument: each store has its own stream (one per tab; tests make a store each), made by its
 * first listener so the stream's code stays out of every page's first load.
 */
export interface LiveExtra {
  live?: LiveStream;
}

/** Listens to the live stream; dispatching it returns the function that stops listening. */
export const subscribeLive =
  (listener: LiveListener) =>
  (dispatch: ThunkDispatch<unknown, unknown, UnknownAction>, getState: () => unknown, extra: LiveExtra) =>
    (extra.live ??= createLiveStream()).subscribe({ dispatch, getState }, listener);
