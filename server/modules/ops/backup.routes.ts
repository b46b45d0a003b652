import type { FastifyPluginAsync } from 'fastify';
import { bearerToken } from '../../db/signedIn';
import { UnauthorizedError } from '../../errors';
import { sameSecret } from '../../lib/sameSecret';
import { removeBackupAccess, writeBackupAccess } from './backupAccess';

/**
 * `npm run backup` asks the running server for its embedded database (PGlite holds the data directory, and only the
 * process that holds it can copy it consistently). The token is made at each start and written, owner-only, into the
 * data directory (backupAccess.ts): whoever may read that directory may read the database anyway.
 */
export const backupRoutes: FastifyPluginAsync<{ dump: () => Promise<Blob>; token: string; dataDir: string }> = async (
  app,
  { dump, token, dataDir },
) => {
  app.addHook('onListen', async () => {
    const address = app.server.address();
    if (typeof address !== 'object' || !address) return;
    // Asked from this machine: a wildcard interface is reached on the loopback one.
    const wildcard = ['0.0.0.0', '::'].includes(address.address);
    const host = wildcard ? '127.0.0.1' : address.family === 'IPv6' ? `[${address.address}]` : address.address;
    writeBackupAccess(dataDir, { url: `http://${host}:${address.port}`, token });
  });
  app.addHook('onClose', async () => removeBackupAccess(dataDir));

  app.post('/ops/backup', { schema: { hide: true } }, async (request, reply) => {
    if (!sameSecret(bearerToken(request), token)) throw new UnauthorizedError('Send the backup token');
    const tarball = await dump();
    reply.header('cache-control', 'no-store').type('application/gzip');
    return reply.send(Buffer.from(await tarball.arrayBuffer()));
  });
};
