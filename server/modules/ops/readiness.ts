import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { queryRows } from '../../db/rows';
import { migrationsFolder } from '../../lib/paths';

/** A probe that takes longer than this says the database is not there: a load balancer must not wait on it. */
const CHECK_TIMEOUT_MS = 2_000;

export interface Readiness {
  /** The checks that fail: none when ready. */
  notReady: string[];
  checks: { database: string; migrations: string; listen: string };
}

/** The newest migration this build carries, as drizzle-kit's journal dates it (the migrator stores that date). */
function newestMigration(): number {
  const journal = JSON.parse(readFileSync(join(migrationsFolder, 'meta', '_journal.json'), 'utf8')) as {
    entries: Array<{ when: number }>;
  };
  return Math.max(...journal.entries.map((entry) => entry.when));
}

function within<T>(promise: Promise<T>, ms: number): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_resolve, reject) => {
    timer = setTimeout(() => reject(new Error('timed out')), ms);
  });
  return Promise.race([promise, timeout]).finally(() => clearTimeout(timer));
}

/**
 * What `GET /readyz` checks: the request pool reaches the database (`select 1` reads no company's rows, so it needs
 * no tenancy transaction), the database has every migration of this build, and the live updates' LISTEN connection
 * is up once a stream started it.
 */
export class ReadinessProbe {
  private readonly expected = newestMigration();

  constructor(
    private readonly database: Pick<Database, 'db' | 'owner'>,
    private readonly listenState: () => 'not started' | 'connected' | 'lost',
  ) {}

  async check(): Promise<Readiness> {
    const [database, migrations] = await Promise.all([
      within(this.database.db.execute(sql`select 1`), CHECK_TIMEOUT_MS).then(
        () => 'ok',
        () => 'unreachable',
      ),
      within(
        queryRows<{ last: string | null }>(
          this.database.owner,
          sql`select max(created_at) as last from drizzle.__drizzle_migrations`,
        ),
        CHECK_TIMEOUT_MS,
      ).then(
        ([row]) => (Number(row?.last ?? 0) >= this.expected ? 'ok' : 'pending'),
        () => 'unreachable',
      ),
    ]);
    const listen = this.listenState();
    const checks = { database, migrations, listen };
    const failing = { database: database !== 'ok', migrations: migrations !== 'ok', listen: listen === 'lost' };
    const notReady = Object.entries(failing).flatMap(([name, fails]) => (fails ? [name] : []));
    return { notReady, checks };
  }
}
