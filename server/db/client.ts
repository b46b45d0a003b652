import { mkdirSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import type { Logger } from 'drizzle-orm';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import { Pool } from 'pg';
import lockfile from 'proper-lockfile';
import type { PoolStats } from '../lib/metrics';
import { migrationsFolder } from '../lib/paths';
import { listenPostgres, type Listener } from './listener';
import { pgTransactions } from './pgTransactions';
import * as schema from './schema';
import { pgliteTransactions, type Transactions } from './transactions';

/** Both drivers share this type; a transaction is one too, so repositories take `Db` for either. */
export type Db = PgDatabase<PgQueryResultHKT, typeof schema>;

/** The role the app's PostgreSQL connections run as: not a superuser, no BYPASSRLS (migration 0002). */
export const APP_ROLE = 'tourdesk_app';

export interface Database {
  /**
   * The app's handle. On PostgreSQL its connections run as APP_ROLE under row-level security, so every query must
   * run inside `Tenancy.run` (server/db/tenancy.ts), which sets the company for its transaction.
   */
  db: Db;
  /** Opens a request's transaction on the app's handle: what `Tenancy` runs every request's work in. */
  transactions: Transactions;
  /** The owner's handle, not bound by row-level security: migrations, the demo seed and test fixtures. */
  owner: Db;
  kind: 'pglite' | 'postgres';
  /** NOTIFY on `channel` reaches the listener: PGlite's own, or one dedicated PostgreSQL connection. */
  listen(channel: string, listener: Listener): Promise<() => Promise<void>>;
  /** PostgreSQL: the request pool's connections, for the metrics. */
  poolStats?(): PoolStats;
  /** Embedded: a consistent copy of the data directory as a gzipped tarball (PGlite's `dumpDataDir`), while it runs. */
  dumpDataDir?(): Promise<Blob>;
  close(): Promise<void>;
}

export class DataDirLockedError extends Error {
  constructor(dataDir: string) {
    super(
      `The data directory ${dataDir} is in use by another Tourdesk process. ` +
        'Stop that process first, or start this one with a different DATA_DIR.',
    );
  }
}

/** Locks are refreshed every few seconds; one left by a killed process is taken over once it goes stale. */
const LOCK_STALE_MS = 5_000;

/**
 * A server waits a few seconds for the lock (the process it replaces may still be stopping); the backup and restore
 * commands do not (`wait: false`): a held lock means a running server, and they say so at once.
 */
export async function lockDataDir(dataDir: string, { wait = true } = {}): Promise<() => Promise<void>> {
  try {
    return await lockfile.lock(dataDir, {
      lockfilePath: join(dataDir, 'tourdesk.lock'),
      stale: LOCK_STALE_MS,
      update: LOCK_STALE_MS / 2,
      retries: wait ? { retries: 6, minTimeout: 500, maxTimeout: 1_500 } : 0,
      onCompromised: (err) => {
        throw err;
      },
    });
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === 'ELOCKED') throw new DataDirLockedError(dataDir);
    throw err;
  }
}

/** Drizzle's documented query logger on the app's handle: tests count a request's statements with it. */
export interface DatabaseOptions {
  logger?: Logger;
}

export async function openEmbedded(dataDir: string, { logger }: DatabaseOptions = {}): Promise<Database> {
  const dir = resolve(dataDir);
  mkdirSync(dir, { recursive: true });
  const unlock = await lockDataDir(dir);
  try {
    const client = await PGlite.create(join(dir, 'pglite'));
    const db = drizzlePglite(client, { schema, logger }) as unknown as Db;
    try {
      await migratePglite(db as never, { migrationsFolder });
    } catch (err) {
      await client.close().catch(() => undefined);
      throw err;
    }
    return {
      db,
      transactions: pgliteTransactions(db),
      // PGlite runs as its superuser, so row-level security does not bind it: one handle serves both.
      owner: db,
      kind: 'pglite',
      listen: (channel, listener) => client.listen(channel, listener.onNotify),
      dumpDataDir: () => client.dumpDataDir('gzip'),
      async close() {
        try {
          await client.close();
        } finally {
          await unlock();
        }
      },
    };
  } catch (err) {
    await unlock();
    throw err;
  }
}

/** How long a request waits for a free connection before it is answered 503 (db/errors.ts `isPoolExhausted`). */
export const POOL_CHECKOUT_TIMEOUT_MS = 5_000;

export async function openPostgres(
  url: string,
  poolSize: number,
  checkoutTimeoutMs = POOL_CHECKOUT_TIMEOUT_MS,
  { logger }: DatabaseOptions = {},
): Promise<Database> {
  // An idle connection that PostgreSQL ends (restart, failover, a dropped database) must not crash the process:
  // the pool discards it and opens a new one on the next query.
  const onIdleError = (err: Error) => console.warn(`PostgreSQL closed an idle connection: ${err.message}`);
  // One ended while a request holds it (inside a transaction) errors on the client, where the pool does not listen
  // then: that would be an uncaught exception. The running query fails the request on its own; the pool drops it.
  const onConnectionInUseError = () => undefined;
  const ownerPool = new Pool({ connectionString: url, max: 2, idleTimeoutMillis: 5_000 });
  ownerPool.on('error', onIdleError);
  ownerPool.on('connect', (client) => client.on('error', onConnectionInUseError));
  const owner = drizzlePg(ownerPool, { schema }) as unknown as Db;
  try {
    await migratePg(owner as never, { migrationsFolder });
  } catch (err) {
    await ownerPool.end();
    throw err;
  }
  // The URL's user must be a member of APP_ROLE (a superuser or the migrations' owner is); every session of the
  // app's pool switches to it at connection start.
  const pool = new Pool({
    connectionString: url,
    max: poolSize,
    connectionTimeoutMillis: checkoutTimeoutMs,
    options: `-c role=${APP_ROLE}`,
    // A request's statements that do not wait on each other share a round trip (pgTransactions.ts).
    pipeline: true,
  });
  pool.on('error', onIdleError);
  pool.on('connect', (client) => client.on('error', onConnectionInUseError));
  const db = drizzlePg(pool, { schema, logger }) as unknown as Db;
  return {
    db,
    transactions: pgTransactions(pool, logger),
    owner,
    kind: 'postgres',
    listen: (channel, listener) => listenPostgres(url, APP_ROLE, channel, listener),
    poolStats: () => ({ total: pool.totalCount, idle: pool.idleCount, waiting: pool.waitingCount }),
    async close() {
      await Promise.all([pool.end(), ownerPool.end()]);
    },
  };
}

export function openDatabase(config: {
  databaseUrl: string | undefined;
  dataDir: string;
  poolSize: number;
  poolTimeoutMs?: number;
}): Promise<Database> {
  return config.databaseUrl
    ? openPostgres(config.databaseUrl, config.poolSize, config.poolTimeoutMs)
    : openEmbedded(config.dataDir);
}
