import { sql } from 'drizzle-orm';
import type { Database } from '../../server/db/client';
import { queryRows } from '../../server/db/rows';

/** The app's database sessions running a query or holding a transaction open, as the database sees them. */
export async function busySessions(database: Database): Promise<number> {
  const rows = await queryRows<{ n: number }>(
    database.owner,
    sql`select count(*)::int as n from pg_stat_activity
        where datname = current_database() and pid <> pg_backend_pid() and state <> 'idle'`,
  );
  return rows[0]?.n ?? 0;
}

/** Polls `check` until it holds (work under way, such as an aborted download, takes a moment to end). */
export async function eventually(
  check: () => Promise<boolean> | boolean,
  what = 'condition',
  withinMs = 5_000,
): Promise<void> {
  const until = Date.now() + withinMs;
  while (!(await check())) {
    if (Date.now() > until) throw new Error(`${what} not met within ${withinMs / 1000} s`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}
