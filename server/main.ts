import cluster from 'node:cluster';
import { randomBytes } from 'node:crypto';
import closeWithGrace from 'close-with-grace';
import { buildApp } from './app';
import { runPrimary } from './cluster';
import { ConfigError, listeningUrl, loadConfig } from './config';
import { DataDirLockedError, openDatabase } from './db/client';
import { DEMO_PASSWORD, DEMO_USERS, seedDemoIfEmpty } from './seed';

async function main(): Promise<void> {
  const config = loadConfig();
  if (config.workers > 1 && config.databaseUrl && cluster.isPrimary) {
    await runPrimary({ ...config, databaseUrl: config.databaseUrl });
    return;
  }
  const database = await openDatabase(config);
  const seeded = database.kind === 'pglite' ? await seedDemoIfEmpty(database.owner, new Date()) : false;
  // Made at each start for `npm run backup` (embedded database only; modules/ops/backup.routes.ts).
  const backupToken = randomBytes(32).toString('base64url');
  const app = await buildApp(config, { database, backupToken });

  closeWithGrace({ delay: 10_000 }, async ({ signal, err }) => {
    if (err) app.log.error({ err }, 'shutting down after an error');
    else app.log.info({ signal }, 'shutting down');
    await app.close();
    await database.close();
  });

  await app.listen({ port: config.port, host: config.host });
  // A worker of several: the primary prints the address once they all listen (server/cluster.ts).
  if (cluster.isWorker) return;
  // PORT=0 asks the system for a free port: print the one it gave.
  const address = app.server.address();
  const port = typeof address === 'object' && address ? address.port : config.port;
  const url = listeningUrl(config.host, port);
  console.log(`\nTourdesk is running at ${url} (${database.kind === 'pglite' ? 'embedded database' : 'PostgreSQL'})`);
  if (seeded) {
    console.log(`Demo company "Demo Tours" created. Sign in with password "${DEMO_PASSWORD}" as:`);
    for (const user of DEMO_USERS) console.log(`  ${user.email.padEnd(20)} ${user.role}`);
  }
}

main().catch((err: unknown) => {
  if (err instanceof ConfigError || err instanceof DataDirLockedError) {
    console.error(`Tourdesk cannot start: ${err.message}`);
  } else {
    console.error('Tourdesk failed to start:', err);
  }
  process.exit(1);
});
