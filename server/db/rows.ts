import type { SQL } from 'drizzle-orm';
import type { Db } from './client';

/** Rows of a raw query: postgres.js answers them as an array, node-postgres and PGlite as `{ rows }`. */
export async function queryRows<T>(db: Db, query: SQL): Promise<T[]> {
  const result = (await db.execute(query)) as unknown as T[] | { rows: T[] };
  return Array.isArray(result) ? result : result.rows;
}
