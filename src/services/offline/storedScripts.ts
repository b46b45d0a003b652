import type { WorkboxPlugin } from 'workbox-core/types';

/**
 * Scripts are stored under another content type and get theirs back when served. Chromium gives every script a worker
 * stores while it installs a full code cache (all functions compiled: 1 MB for the 470 KB vendor chunk), and a page
 * reads that cache on its main thread before the script runs: on a phone, the slot page's longest task
 * (bench/RESULTS.md). Served this way, scripts compile as on a first visit: streamed off the
 * main thread, and only the functions that run.
 */
const STORED_TYPE = 'x-stored-content-type';

export const storedScripts: WorkboxPlugin = {
  cacheWillUpdate: async ({ response }) => {
    // What workbox's own check refuses: the install fails rather than keep an error page.
    if (response.status >= 400) return null;
    const type = response.headers.get('content-type') ?? '';
    if (!/javascript/i.test(type)) return response;
    const headers = new Headers(response.headers);
    headers.set('content-type', 'application/octet-stream');
    headers.set(STORED_TYPE, type);
    const { status, statusText } = response;
    return new Response(await response.blob(), { status, statusText, headers });
  },
  cachedResponseWillBeUsed: async ({ cachedResponse }) => {
    const type = cachedResponse?.headers.get(STORED_TYPE);
    if (!cachedResponse || !type) return cachedResponse;
    const headers = new Headers(cachedResponse.headers);
    headers.set('content-type', type);
    headers.delete(STORED_TYPE);
    const { status, statusText } = cachedResponse;
    return new Response(cachedResponse.body, { status, statusText, headers });
  },
};
