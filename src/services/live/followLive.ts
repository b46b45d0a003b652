import type { ThunkDispatch, UnknownAction } from '@reduxjs/toolkit';
import { STREAM_RESET, type LiveEvent } from '../../domain/events';
import { subscribeLive, type LiveExtra } from './subscribeLive';

/** The parts of RTK Query's `onCacheEntryAdded` argument that following the stream needs. */
interface CacheLifecycle {
  dispatch: ThunkDispatch<unknown, LiveExtra, UnknownAction>;
  cacheDataLoaded: Promise<unknown>;
  cacheEntryRemoved: Promise<unknown>;
}

/**
 * Applies the live stream's events to one cache entry for as long as it exists ("Streaming Updates" in the RTK
 * Query docs). Listening starts at once so that events arriving during the first fetch are kept and applied when
 * its data comes. A 'reset' is left to the app, which reads everything shown again (src/app/LiveUpdates.tsx).
 */
export async function followLive(
  { dispatch, cacheDataLoaded, cacheEntryRemoved }: CacheLifecycle,
  apply: (event: LiveEvent) => void,
): Promise<void> {
  let early: LiveEvent[] | null = [];
  const unsubscribe = dispatch(
    subscribeLive((message) => {
      if (message === STREAM_RESET) return;
      if (early) early.push(message);
      else apply(message);
    }),
  );
  try {
    await cacheDataLoaded;
    const waiting = early;
    early = null;
    waiting.forEach(apply);
  } catch {
    // Removed before its first data came: nothing to apply.
  }
  await cacheEntryRemoved;
  unsubscribe();
}
