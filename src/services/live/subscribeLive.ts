import type { ThunkDispatch, UnknownAction } from '@reduxjs/toolkit';
import type { LiveListener, LiveStream } from './liveStream';

/** The store's thunk argument: each store has its own stream (one per tab; tests make a store each). */
export interface LiveExtra {
  live: LiveStream;
}

/** Listens to the live stream; dispatching it returns the function that stops listening. */
export const subscribeLive =
  (listener: LiveListener) =>
  (dispatch: ThunkDispatch<unknown, unknown, UnknownAction>, getState: () => unknown, { live }: LiveExtra) =>
    live.subscribe({ dispatch, getState }, listener);
