import type { Db } from './client';

/** Every statement name given out: a test holds them unique (PostgreSQL keeps one statement per name). */
export const preparedNames: string[] = [];

interface Prepared<R> {
  execute(values: Record<string, unknown>): Promise<R>;
}

/**
 * A fixed-shape read built once per handle with Drizzle's `sql.placeholder` and `.prepare(name)`; values go in at each
 * call. On PostgreSQL each pooled connection has its own handle (pgTransactions.ts), so the statement runs in that
 * connection's transaction and is parsed and planned once per connection. A PGlite transaction's handle lives for
 * that transaction only: there the read is built per call, as any other.
 */
export function preparedRead<V extends Record<string, unknown>, R>(
  name: string,
  build: (db: Db, name: string) => Prepared<R>,
): (db: Db, values: V) => Promise<R> {
  preparedNames.push(name);
  const built = new WeakMap<Db, Prepared<R>>();
  return (db, values) => {
    let statement = built.get(db);
    if (!statement) built.set(db, (statement = build(db, name)));
    return statement.execute(values);
  };
}
