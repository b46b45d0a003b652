import { mkdirSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import { Pool } from 'pg';
import lockfile from 'proper-lockfile';
import { migrationsFolder } from '../lib/paths';
import * as schema from './schema';

/** Both drivers share this type; a transaction is one too, so repositories take `Db` for either. */
export type Db = PgDatabase<PgQueryResultHKT, typeof schema>;

export interface Database {
  db: Db;
  kind: 'pglite' | 'postgres';
  /** The node-postgres pool behind `db` on PostgreSQL (COPY streams need a client of their own). */
  pool?: Pool;
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

async function lockDataDir(dataDir: string): Promise<() => Promise<void>> {
  try {
    return await lockfile.lock(dataDir, {
      lockfilePath: join(dataDir, 'tourdesk.lock'),
      stale: LOCK_STALE_MS,
      update: LOCK_STALE_MS / 2,
      retries: { retries: 6, minTimeout: 500, maxTimeout: 1_500 },
      onCompromised: (err) => {
        throw err;
      },
    });
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === 'ELOCKED') throw new DataDirLockedError(dataDir);
    throw err;
  }
}

export async function openEmbedded(dataDir: string): Promise<Database> {
  const dir = resolve(dataDir);
  mkdirSync(dir, { recursive: true });
  const unlock = await lockDataDir(dir);
  try {
    const client = await PGlite.create(join(dir, 'pglite'));
    const db = drizzlePglite(client, { schema }) as unknown as Db;
    await migratePglite(db as never, { migrationsFolder });
    return {
      db,
      kind: 'pglite',
      async close() {
        await client.close();
        await unlock();
      },
    };
  } catch (err) {
    await unlock();
    throw err;
  }
}

export async function openPostgres(url: string, poolSize = 10): Promise<Database> {
  const pool = new Pool({ connectionString: url, max: poolSize });
  // An idle connection that PostgreSQL ends (restart, failover, a dropped database) must not crash the process:
  // the pool discards it and opens a new one on the next query.
  pool.on('error', (err) => console.warn(`PostgreSQL closed an idle connection: ${err.message}`));
  const db = drizzlePg(pool, { schema }) as unknown as Db;
  try {
    await migratePg(db as never, { migrationsFolder });
  } catch (err) {
    await pool.end();
    throw err;
  }
  return { db, kind: 'postgres', pool, close: () => pool.end() };
}

export function openDatabase(config: { databaseUrl: string | undefined; dataDir: string }): Promise<Database> {
  return config.databaseUrl ? openPostgres(config.databaseUrl) : openEmbedded(config.dataDir);
}
