import { storedScripts } from '../../src/services/offline/storedScripts';

type WillUpdate = NonNullable<typeof storedScripts.cacheWillUpdate>;
type WillBeUsed = NonNullable<typeof storedScripts.cachedResponseWillBeUsed>;
const store = (response: Response) => storedScripts.cacheWillUpdate!({ response } as Parameters<WillUpdate>[0]);
const serve = (cachedResponse: Response | undefined) =>
  storedScripts.cachedResponseWillBeUsed!({ cachedResponse } as Parameters<WillBeUsed>[0]);

describe("the service worker's stored scripts", () => {
  it('stores a script under another type, so no code cache is made at install, and serves it as a script again', async () => {
    const script = new Response('console.log(1)', {
      headers: { 'content-type': 'application/javascript; charset=utf-8', 'cache-control': 'max-age=1' },
    });
    const stored = (await store(script))!;
    expect(stored.headers.get('content-type')).toBe('application/octet-stream');
    const served = (await serve(stored))!;
    expect(served.headers.get('content-type')).toBe('application/javascript; charset=utf-8');
    expect(served.headers.get('x-stored-content-type')).toBeNull();
    expect(served.headers.get('cache-control')).toBe('max-age=1');
    expect(await served.text()).toBe('console.log(1)');
  });

  it('keeps other files as they are, and refuses to store an error page', async () => {
    const page = new Response('<!doctype html>', { headers: { 'content-type': 'text/html' } });
    expect(await store(page)).toBe(page);
    expect(await serve(page)).toBe(page);
    expect(await store(new Response('gone', { status: 404 }))).toBeNull();
    expect(await serve(undefined)).toBeUndefined();
  });
});
