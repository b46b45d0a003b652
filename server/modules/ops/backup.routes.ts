import type { FastifyPluginAsync } from 'fastify';
import { bearerToken } from '../../db/signedIn';
import { UnauthorizedError } from '../../errors';
import { sameSecret } from '../../lib/sameSecret';

/**
 * `npm run backup` asks the running server for its embedded database (PGlite holds the data directory, and only the
 * process that holds it can copy it consistently). The token is made at each start and written, owner-only, into the
 * data directory (backupFile.ts): whoever may read that directory may read the database anyway.
 */
export const backupRoutes: FastifyPluginAsync<{ dump: () => Promise<Blob>; token: string }> = async (
  app,
  { dump, token },
) => {
  app.post('/ops/backup', { schema: { hide: true } }, async (request, reply) => {
    if (!sameSecret(bearerToken(request), token)) throw new UnauthorizedError('Send the backup token');
    const tarball = await dump();
    reply.header('cache-control', 'no-store').type('application/gzip');
    return reply.send(Buffer.from(await tarball.arrayBuffer()));
  });
};
