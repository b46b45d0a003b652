import type { ThunkDispatch, UnknownAction } from '@reduxjs/toolkit';
import type { LiveEvent, STREAM_RESET } from '../../domain/events';

/** An event, or 'reset': the stream cannot replay what was missed, so everything shown must be read again. */
export type LiveMessage = LiveEvent | typeof STREAM_RESET;
export type LiveListener = (message: LiveMessage) => void;

/** Only what the stream needs of the store: the token, and dispatch for renewing it. */
export interface LiveStore {
  getState: () => unknown;
  dispatch: ThunkDispatch<unknown, unknown, UnknownAction>;
}

export interface LiveStream {
  /** Opens the stream for the first listener; the returned function unsubscribes, closing it after the last. */
  subscribe(store: LiveStore, listener: LiveListener): () => void;
  /** Closes the stream and forgets its listeners (signed out). */
  stop(): void;
}

/**
 * The tab's one server-sent event stream (GET /api/events), open while anyone listens. Its connection's code
 * downloads with the first listener, so no page waits for it before its first paint.
 */
export function createLiveStream(): LiveStream {
  const listeners = new Set<LiveListener>();
  let running: AbortController | null = null;
  const emit = (message: LiveMessage) => listeners.forEach((listener) => listener(message));

  function stop() {
    running?.abort();
    running = null;
    listeners.clear();
  }

  function start(store: LiveStore) {
    const run = new AbortController();
    running = run;
    import(/* webpackChunkName: "live" */ './liveConnection')
      .then(({ connectLive }) => connectLive(store, emit, run.signal))
      // It returns when nobody is signed in any more; a failed download lets the next listener try again.
      .then(
        () => {
          if (running === run) stop();
        },
        () => {
          if (running === run) running = null;
        },
      );
  }

  return {
    subscribe(store, listener) {
      listeners.add(listener);
      if (!running) start(store);
      return () => {
        listeners.delete(listener);
        if (listeners.size === 0) stop();
      };
    },
    stop,
  };
}
