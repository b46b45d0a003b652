import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { gunzipSync } from 'node:zlib';
import { removeDir } from './dbTemplate';
import { createTestApp, type TestApp } from './helpers';

describe('serving the web app', () => {
  let t: TestApp;
  let staticDir: string;
  const bundle = `console.log(${JSON.stringify('tourdesk '.repeat(400))});`;

  beforeAll(async () => {
    staticDir = mkdtempSync(join(tmpdir(), 'tourdesk-web-'));
    writeFileSync(join(staticDir, 'index.html'), '<!doctype html><title>Tourdesk</title><div id="root"></div>');
    writeFileSync(join(staticDir, 'main.0123456789abcdef.js'), bundle);
    writeFileSync(join(staticDir, 'manifest.webmanifest'), '{}');
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
