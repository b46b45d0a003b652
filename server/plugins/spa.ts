import { existsSync } from 'node:fs';
import { basename, join, resolve } from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';

const HASHED_ASSET = /\.[0-9a-f]{8,}\.(js|css|woff2?|png|svg|jpg|webp)$/;
const PRECOMPRESSED = /\.(br|gz)$/;
const API_PREFIXES = ['/api/', '/api', '/auth'];
const SOURCE_MAP = /\.map(\.(br|gz))?$/;
const UNCACHED = new Set(['index.html', 'sw.js']);

/**
 * A new deploy must reach users at once: the page and the service worker (which holds the page and its chunks) are
 * revalidated every time, hashed assets never change.
 * `filePath` is the file sent, so a precompressed `main.<hash>.js.br` is judged by its original's name.
 */
function cacheControlFor(filePath: string): string {
  const original = filePath.replace(PRECOMPRESSED, '');
  if (UNCACHED.has(basename(original))) return 'no-cache';
  if (HASHED_ASSET.test(original)) return 'public, max-age=31536000, immutable';
  return 'public, max-age=0, must-revalidate';
}

function isApiPath(url: string): boolean {
  const path = url.split('?')[0] ?? '';
  return API_PREFIXES.some(
    (prefix) => path === prefix || path.startsWith(prefix.endsWith('/') ? prefix : `${prefix}/`),
  );
}

/**
 * Serves the built SPA: precompressed files where the build wrote them, hashed assets cached for a year,
 * index.html never cached, and index.html for any client route. Unknown /api and /auth paths keep their JSON 404.
 */
export interface SpaOptions {
  staticDir: string;
  /** The build's source maps (the app's source, readable) are served only when asked for (SERVE_SOURCE_MAPS). */
  serveSourceMaps: boolean;
}

export const spaPlugin = fp(async (app: FastifyInstance, opts: SpaOptions) => {
  const root = resolve(opts.staticDir);
  const hasBuild = existsSync(join(root, 'index.html'));
  if (hasBuild) {
    await app.register(fastifyStatic, {
      root,
      wildcard: false,
      index: false,
      cacheControl: false,
      // The build writes name.br and name.gz beside each asset (webpack.config.ts): sent as they are, with
      // Content-Encoding and Vary; @fastify/compress then leaves them alone and compresses only what has none.
      preCompressed: true,
      allowedPath: (path) => opts.serveSourceMaps || !SOURCE_MAP.test(path),
      setHeaders(res, filePath) {
        res.header('Cache-Control', cacheControlFor(filePath));
      },
    });
  }

  app.setNotFoundHandler((request, reply) => {
    const path = request.url.split('?')[0] ?? '';
    const wantsPage =
      (request.method === 'GET' || request.method === 'HEAD') && !isApiPath(path) && !SOURCE_MAP.test(path);
    if (wantsPage && hasBuild) {
      return reply.type('text/html').sendFile('index.html', root);
    }
    if (wantsPage) {
      return reply.status(404).type('text/plain').send('The app is not built yet: run `npm run build`.');
    }
    // The URL is not repeated: it carries whatever was sent, script tags included.
    return reply.status(404).send({ error: 'No route for this method and address', code: 'NOT_FOUND' });
  });
});
