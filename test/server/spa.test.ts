import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import { removeDir } from './dbTemplate';
import { createTestApp, type TestApp } from './helpers';

describe('serving the web app', () => {
  let t: TestApp;
  let staticDir: string;
  const bundle = `console.log(${JSON.stringify('tourdesk '.repeat(400))});`;
  const page = '<!doctype html><title>Tourdesk</title><div id="root"></div>';
  const serviceWorker = `self.__WB_MANIFEST = ${JSON.stringify([{ url: '/index.html', revision: '1' }])};`;
  const sourceMap = JSON.stringify({ version: 3, sources: ['src/app/App.tsx'], sourcesContent: ['secret source'] });
  // Each precompressed file holds its own text, so a response shows which file was sent.
  const precompressed = { br: 'built by webpack as .br', gz: 'built by webpack as .gz' };

  beforeAll(async () => {
    staticDir = mkdtempSync(join(tmpdir(), 'tourdesk-web-'));
    writeFileSync(join(staticDir, 'index.html'), page);
    writeFileSync(join(staticDir, 'index.html.br'), brotliCompressSync(`${page}<!-- br -->`));
    writeFileSync(join(staticDir, 'main.0123456789abcdef.js'), bundle);
    writeFileSync(join(staticDir, 'slot.fedcba9876543210.js'), bundle);
    writeFileSync(join(staticDir, 'slot.fedcba9876543210.js.br'), brotliCompressSync(precompressed.br));
    writeFileSync(join(staticDir, 'slot.fedcba9876543210.js.gz'), gzipSync(precompressed.gz));
    writeFileSync(join(staticDir, 'manifest.webmanifest'), '{}');
    writeFileSync(join(staticDir, 'sw.js'), serviceWorker);
    writeFileSync(join(staticDir, 'sw.js.br'), brotliCompressSync(serviceWorker));
    writeFileSync(join(staticDir, 'main.0123456789abcdef.js.map'), sourceMap);
    writeFileSync(join(staticDir, 'main.0123456789abcdef.js.map.br'), brotliCompressSync(sourceMap));
    t = await createTestApp('pglite', { staticDir });
  });
  afterAll(async () => {
    await t.close();
    removeDir(staticDir);
  });

  it('answers client routes with index.html, never cached', async () => {
    for (const url of [
      '/',
      '/bookings/date/2026-11-21',
      '/bookings/date/2026-11-21/10:00/Old%20Town%20Walk',
      '/login',
    ]) {
      const res = await t.app.inject({ method: 'GET', url, headers: { accept: 'text/html' } });
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toContain('text/html');
      expect(res.headers['cache-control']).toBe('no-cache');
      expect(res.body).toContain('<div id="root">');
    }
  });

  it('keeps the source maps to itself unless SERVE_SOURCE_MAPS asks for them', async () => {
    for (const encoding of ['identity', 'br']) {
      const res = await t.app.inject({
        url: '/main.0123456789abcdef.js.map',
        headers: { accept: 'text/html', 'accept-encoding': encoding },
      });
      expect({ encoding, status: res.statusCode }).toEqual({ encoding, status: 404 });
      expect(res.body).not.toContain('secret source');
    }
    expect((await t.app.inject({ url: '/main.0123456789abcdef.js.map.br' })).statusCode).toBe(404);
    const debugging = await createTestApp('pglite', { staticDir, serveSourceMaps: true });
    try {
      const res = await debugging.app.inject({ url: '/main.0123456789abcdef.js.map' });
      expect(res.statusCode).toBe(200);
      expect(res.body).toBe(sourceMap);
    } finally {
      await debugging.close();
    }
  });

  it('caches content-hashed assets for a year and compresses them', async () => {
    const res = await t.app.inject({
      method: 'GET',
      url: '/main.0123456789abcdef.js',
      headers: { 'accept-encoding': 'gzip' },
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(res.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(res.rawPayload).toString()).toBe(bundle);
  });

  it('sends the brotli file the build wrote, cached for a year, when the browser accepts br', async () => {
    const res = await t.app.inject({
      method: 'GET',
      url: '/slot.fedcba9876543210.js',
      headers: { 'accept-encoding': 'gzip, deflate, br, zstd' },
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-encoding']).toBe('br');
    expect(res.headers['content-type']).toContain('javascript');
    expect(res.headers.vary).toContain('accept-encoding');
    expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(brotliDecompressSync(res.rawPayload).toString()).toBe(precompressed.br);
  });

  it('sends the gzip file the build wrote to a browser without brotli', async () => {
    const res = await t.app.inject({
      method: 'GET',
      url: '/slot.fedcba9876543210.js',
      headers: { 'accept-encoding': 'gzip' },
    });
    expect(res.headers['content-encoding']).toBe('gzip');
    expect(res.headers.vary).toContain('accept-encoding');
    expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(gunzipSync(res.rawPayload).toString()).toBe(precompressed.gz);
  });

  it('sends the uncompressed file, marked as varying, to a client that accepts no encoding', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/slot.fedcba9876543210.js' });
    expect(res.headers['content-encoding']).toBeUndefined();
    expect(res.headers.vary).toContain('accept-encoding');
    expect(res.body).toBe(bundle);
  });

  it('answers client routes with the precompressed page, still never cached', async () => {
    const res = await t.app.inject({
      method: 'GET',
      url: '/bookings/date/2026-11-21',
      headers: { accept: 'text/html', 'accept-encoding': 'br' },
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-encoding']).toBe('br');
    expect(res.headers['content-type']).toContain('text/html');
    expect(res.headers['cache-control']).toBe('no-cache');
    expect(brotliDecompressSync(res.rawPayload).toString()).toBe(`${page}<!-- br -->`);
  });

  it('sends the service worker uncached, compressed or not, so a new deploy is found on the next visit', async () => {
    for (const encoding of ['identity', 'br']) {
      const res = await t.app.inject({ method: 'GET', url: '/sw.js', headers: { 'accept-encoding': encoding } });
      expect({ encoding, status: res.statusCode }).toEqual({ encoding, status: 200 });
      expect(res.headers['content-encoding']).toBe(encoding === 'br' ? 'br' : undefined);
      expect(res.headers['content-type']).toContain('javascript');
      expect(res.headers['cache-control']).toBe('no-cache');
    }
  });

  it('revalidates files without a content hash', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/manifest.webmanifest' });
    expect(res.headers['cache-control']).toBe('public, max-age=0, must-revalidate');
  });

  it('keeps JSON 404s for unknown API paths and writes', async () => {
    for (const [method, url] of [
      ['GET', '/api/unknown/path'],
      ['GET', '/auth/unknown'],
      ['POST', '/bookings/date/2026-11-21'],
    ] as const) {
      const res = await t.app.inject({ method, url });
      expect(res.statusCode).toBe(404);
      expect(res.json()).toMatchObject({ code: 'NOT_FOUND' });
    }
  });
});
