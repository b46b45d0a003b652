import cluster, { type Worker } from 'node:cluster';
import { listeningUrl, type Config } from './config';
import { openPostgres } from './db/client';
import { loadOrCreateSecret } from './lib/secret';

/** A worker that keeps dying within this long of its start is not restarted again: the primary gives up. */
const RESTART_WINDOW_MS = 60_000;
const MAX_RESTARTS_IN_WINDOW = 5;
/** Workers finish their requests in flight on SIGTERM (close-with-grace's 10 s); after this they are killed. */
const SHUTDOWN_MS = 15_000;

/**
 * WEB_CONCURRENCY > 1 (PostgreSQL only): this process serves nothing itself. It does once what the workers must not
 * race on — the migrations and the signing secret kept in the data dir — then forks the workers, which share PORT
 * (node:cluster hands out the connections), prints the address once they listen, restarts a worker that dies and
 * passes SIGTERM and SIGINT on. Everything a request touches lives in PostgreSQL (sessions, rate-limit counts), so
 * it makes no difference which worker answers.
 */
export async function runPrimary(config: Config & { databaseUrl: string }): Promise<void> {
  const database = await openPostgres(config.databaseUrl, 1);
  await database.close();
  if (!config.jwtSecret) loadOrCreateSecret(config.dataDir);

  let stopping = false;
  let announced = false;
  const listening = new Set<Worker>();
  const restarts: number[] = [];

  const stop = (signal: NodeJS.Signals) => {
    if (stopping) return;
    stopping = true;
    console.log(`Tourdesk: ${signal}, stopping ${Object.keys(cluster.workers ?? {}).length} worker processes`);
    for (const worker of Object.values(cluster.workers ?? {})) worker?.process.kill('SIGTERM');
    setTimeout(() => {
      for (const worker of Object.values(cluster.workers ?? {})) worker?.process.kill('SIGKILL');
    }, SHUTDOWN_MS).unref();
  };
  process.on('SIGTERM', () => stop('SIGTERM'));
  process.on('SIGINT', () => stop('SIGINT'));

  cluster.on('listening', (worker, address) => {
    listening.add(worker);
    if (announced || listening.size < config.workers) return;
    announced = true;
    const url = listeningUrl(config.host, address.port);
    console.log(`\nTourdesk is running at ${url} (PostgreSQL, ${config.workers} worker processes)`);
  });

  cluster.on('exit', (worker, code, signal) => {
    const served = listening.delete(worker);
    if (stopping) {
      if (Object.keys(cluster.workers ?? {}).length === 0) process.exit(0);
      return;
    }
    // One that never listened failed to start (configuration, database, port): forking another would fail alike.
    if (!served) {
      console.error(`Tourdesk: a worker process failed to start (${signal ?? `exit ${code}`}); stopping`);
      stop('SIGTERM');
      process.exitCode = 1;
      return;
    }
    const now = Date.now();
    restarts.push(now);
    while (restarts.length > 0 && (restarts[0] as number) < now - RESTART_WINDOW_MS) restarts.shift();
    if (restarts.length > MAX_RESTARTS_IN_WINDOW) {
      console.error(`Tourdesk: worker processes keep dying (${restarts.length} in a minute); stopping`);
      stop('SIGTERM');
      process.exitCode = 1;
      return;
    }
    console.error(
      `Tourdesk: worker process ${worker.process.pid} died (${signal ?? `exit ${code}`}); starting another`,
    );
    cluster.fork();
  });

  for (let i = 0; i < config.workers; i++) cluster.fork();
}
