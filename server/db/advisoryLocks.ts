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

/**
 * Locks on names in the order given, in one statement: for a write that takes locks of different kinds in the order
 * every writer takes them (a channel reference's, then its departure's).
 */
export async function lockInOrder(db: Db, names: string[]): Promise<void> {
  if (names.length === 0) return;
  const values = sql.join(
    names.map((name, index) => sql`(${index}::int, ${name})`),
    sql`, `,
  );
  await db.execute(
    sql`select pg_advisory_xact_lock(hashtextextended(k, 0)) from (select k from (values ${values}) v(n, k) order by n) s`,
  );
}
