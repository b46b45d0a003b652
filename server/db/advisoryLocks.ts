import { sql } from 'drizzle-orm';
import type { Db } from './client';

/**
 * Transaction-scoped advisory locks on names, taken in one order (the names sorted by the database), so that two
 * transactions locking overlapping sets never wait for each other in a circle.
 */
export async function lockNames(db: Db, names: string[]): Promise<void> {
  const unique = [...new Set(names)];
  if (unique.length === 0) return;
  const values = sql.join(
    unique.map((name) => sql`(${name})`),
    sql`, `,
  );
  await db.execute(
    sql`select pg_advisory_xact_lock(hashtextextended(k, 0)) from (select k from (values ${values}) v(k) order by k) s`,
  );
}
