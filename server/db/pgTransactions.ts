import type { Logger } from 'drizzle-orm';
import { drizzle } from 'drizzle-orm/node-postgres';
import type { Pool, PoolClient } from 'pg';
import type { Db } from './client';
import * as schema from './schema';
import type { MemberRow } from './signedIn';
import { MEMBER_LOOKUP, type Transactions } from './transactions';

/**
 * One Drizzle handle per pooled connection, made on its first request and kept while the connection lives: statements
 * prepared on it (prepared.ts) are bound to that connection, as PostgreSQL's named statements are.
 */
const handles = new WeakMap<PoolClient, Db>();

function handleOf(client: PoolClient, logger: Logger | undefined): Db {
  let db = handles.get(client);
  if (!db) handles.set(client, (db = drizzle(client, { schema, logger }) as unknown as Db));
  return db;
}

/**
 * PostgreSQL: the pool's connections run in node-postgres's pipeline mode, so `begin` and the member lookup go out
 * together and the work's independent reads (`Promise.all`) share a round trip. A failed statement aborts the
 * transaction, every later one fails with it, and the rollback leaves the connection clean for the next request; a
 * connection whose rollback fails is dropped.
 */
export function pgTransactions(pool: Pool, logger?: Logger): Transactions {
  return async (access, { companyId, userId, sessionId }, fn) => {
    const client = await pool.connect();
    let broken: Error | undefined;
    try {
      const begun = client.query(access === 'read' ? 'begin read only' : 'begin');
      const member = client.query<MemberRow>({
        name: 'auth_begin_request',
        text: MEMBER_LOOKUP,
        values: [companyId, userId, sessionId],
      });
      logger?.logQuery(MEMBER_LOOKUP, [companyId, userId, sessionId]);
      const [, { rows }] = await Promise.all([begun, member]);
      const result = await fn(handleOf(client, logger), rows[0]);
      await client.query('commit');
      return result;
    } catch (err) {
      await client.query('rollback').catch((rollbackError: Error) => (broken = rollbackError));
      throw err;
    } finally {
      client.release(broken);
    }
  };
}
