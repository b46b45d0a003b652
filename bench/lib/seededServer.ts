/**
 * A Tourdesk server on a database of its own, seeded first: a fresh PostgreSQL database (dropped afterwards) or a
 * fresh embedded data dir (removed afterwards; closed before the server opens it, since PGlite serves one process).
 */
import type { Db } from '../../server/db/client';
import { cpuSeconds, freePort, startTourdesk, type AppBuild, type ServerProcess } from './appProcess';
import { backendPids, dropPostgres, freshEmbedded, freshPostgres, ownerOf } from './benchDb';

export type Target = 'postgres' | 'embedded';
export const TARGET_NAMES: Record<Target, string> = { postgres: 'PostgreSQL', embedded: 'Embedded (PGlite)' };

export interface SeededServer<F> {
  server: ServerProcess;
  fixture: F;
  /** CPU seconds PostgreSQL's backends of this database have used so far (0 on the embedded database). */
  databaseCpu(): Promise<number>;
}

export async function withSeededServer<F, T>(
  options: { target: Target; dbName: string; build: AppBuild; env?: Record<string, string>; nodeFlags?: string[] },
  seed: (db: Db) => Promise<F>,
  use: (seeded: SeededServer<F>) => Promise<T>,
): Promise<T> {
  const { target, dbName } = options;
  const pg = target === 'postgres' ? await freshPostgres(dbName) : undefined;
  const embedded = pg ? undefined : await freshEmbedded();
  try {
    const database = (pg ?? embedded)?.database;
    if (!database) throw new Error(`no database for ${target}`);
    const fixture = await seed(ownerOf(database));
    await database.close();
    const server = await startTourdesk({
      build: options.build,
      port: await freePort(),
      env: { ...(pg ? { DATABASE_URL: pg.url } : { DATA_DIR: embedded?.dataDir ?? '' }), ...options.env },
      nodeFlags: options.nodeFlags,
    });
    // A backend's last reading stays counted after it exits (the pool closes idle ones), so the total never falls.
    const seen = new Map<number, number>();
    const databaseCpu = async () => {
      for (const pid of pg ? await backendPids(dbName) : []) seen.set(pid, cpuSeconds(pid));
      return [...seen.values()].reduce((sum, seconds) => sum + seconds, 0);
    };
    try {
      return await use({ server, fixture, databaseCpu });
    } finally {
      await server.stop();
    }
  } finally {
    if (pg) await dropPostgres(dbName);
    embedded?.remove();
  }
}
