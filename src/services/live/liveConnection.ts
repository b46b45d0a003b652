import { DEVICE_HEADER, STREAM_RENEW, STREAM_RESET, type LiveEvent } from '../../domain/events';
import { liveRetryDelayMs, retryAfterSeconds } from '../../domain/liveRetry';
import { API_ORIGIN, tokenIn } from '../baseQueryWithReauth';
import { deviceId } from '../deviceId';
import { liveOpened, liveOpenFailed } from './liveSlice';
import type { LiveMessage, LiveStore } from './liveStream';
import { renewApi } from './renewApi';
import { sseParser } from './sseParser';

/** How one connection ended: renew the token, or try again (not before `retryAfter` s when the server said so). */
type Retry = { renew: false; opened: boolean; retryAfter: number | null };
type Outcome = { renew: true } | Retry;
const FAILED: Retry = { renew: false, opened: false, retryAfter: null };

/** Resolves after `ms`, or at once when the stream stops or the browser says the network is back. */
function pause(ms: number, signal: AbortSignal): Promise<void> {
  return new Promise((resolve) => {
    const done = () => {
      clearTimeout(timer);
      signal.removeEventListener('abort', done);
      window.removeEventListener('online', done);
      resolve();
    };
    const timer = setTimeout(done, ms);
    signal.addEventListener('abort', done);
    window.addEventListener('online', done);
  });
}

/**
 * Keeps the stream connected until `signal` aborts or nobody is signed in. Read with fetch, not EventSource, because
 * it carries the access token in the Authorization header like every other call; resumes after the last event id.
 */
export async function connectLive(store: LiveStore, emit: (message: LiveMessage) => void, signal: AbortSignal) {
  let lastEventId = '';
  let failures = 0;
  let renewedSinceOpen = false;
  let failed = false;

  /** One connection, until it ends. */
  async function connect(token: string): Promise<Outcome> {
    const headers: Record<string, string> = { authorization: `Bearer ${token}`, [DEVICE_HEADER]: deviceId() };
    if (lastEventId) headers['last-event-id'] = lastEventId;
    const response = await fetch(`${API_ORIGIN}/api/events`, { headers, signal, cache: 'no-store' });
    if (response.status === 401) return { renew: true };
    if (!response.ok || !response.body || !response.headers.get('content-type')?.startsWith('text/event-stream')) {
      // 429 (too many streams) and 503 (busy) say when to come back.
      return { ...FAILED, retryAfter: retryAfterSeconds(response.headers.get('retry-after')) };
    }
    failures = 0;
    renewedSinceOpen = false;
    store.dispatch(liveOpened());
    // Open again after a failure with no event to resume from: what happened meanwhile cannot be replayed.
    if (failed && !lastEventId) emit(STREAM_RESET);
    let renew = false;
    const parser = sseParser((event) => {
      if (event.type === STREAM_RENEW) renew = true;
      else if (event.type === STREAM_RESET) emit(STREAM_RESET);
      else if (event.type === 'message') {
        let parsed: LiveEvent | null = null;
        try {
          parsed = JSON.parse(event.data) as LiveEvent;
        } catch {
          // An event that cannot be read cannot be applied: read everything again instead.
        }
        emit(parsed ?? STREAM_RESET);
      }
    }, lastEventId);
    const reader = response.body.getReader();
    // Aborting the request does not end every body's reader (test doubles, some browsers): cancel it too.
    const cancel = () => void reader.cancel().catch(() => undefined);
    signal.addEventListener('abort', cancel);
    if (signal.aborted) cancel();
    try {
      const decoder = new TextDecoder();
      for (;;) {
        const { done, value } = await reader.read();
        if (done || signal.aborted) break;
        parser.push(decoder.decode(value, { stream: true }));
        lastEventId = parser.lastEventId;
      }
    } finally {
      signal.removeEventListener('abort', cancel);
    }
    return renew ? { renew: true } : { renew: false, opened: true, retryAfter: null };
  }

  while (!signal.aborted) {
    const token = tokenIn(store.getState());
    if (!token) return;
    // navigator.onLine says little (a captive Wi-Fi is "online"): only a failed connection counts.
    const outcome = await connect(token).catch(() => FAILED);
    if (signal.aborted) return;
    failed = true;
    if (outcome.renew) {
      await store.dispatch(renewApi.endpoints.renewSession.initiate(token, { track: false }));
      // A renewed token resumes at once; refused again before the stream opened, it waits like any failure.
      if (!renewedSinceOpen) {
        renewedSinceOpen = true;
        continue;
      }
    } else if (!outcome.opened) {
      // A stream that ended opens again at once, unnoticed; one that cannot be opened is shown.
      store.dispatch(liveOpenFailed());
    }
    await pause(liveRetryDelayMs(failures, outcome.renew ? null : outcome.retryAfter, Math.random()), signal);
    failures++;
  }
}
