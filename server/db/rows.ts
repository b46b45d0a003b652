import type { SQL } from 'drizzle-orm';
import type { Db } from './client';

/** Rows of a raw query: node-postgres and PGlite both answer `{ rows }`, typed differently by Drizzle. */
export async function queryRows<T>(db: Db, query: SQL): Promise<T[]> {
  const result = (await db.execute(query)) as unknown as { rows: T[] };
  return result.rows;
}
