import { sql } from 'drizzle-orm';
import type { Db } from './client';
import { queryRows } from './rows';
import type { MemberRow } from './signedIn';

/** Who a request's transaction runs for: the company always, the member and their session when signed in. */
export interface RequestScope {
  companyId: string;
  userId: string | null;
  sessionId: string | null;
}

/** `read` refuses every write (PostgreSQL's read-only transaction); `write` is an ordinary transaction. */
export type Access = 'read' | 'write';

/**
 * Runs `fn` in one transaction whose first statement is `auth_begin_request` (migration 0010): it sets the company
 * for row-level security and answers the member behind the token. Commits when `fn` resolves, rolls back when it
 * throws. Each database opens it its own way (pgTransactions.ts for PostgreSQL).
 */
export type Transactions = <T>(
  access: Access,
  scope: RequestScope,
  fn: (tx: Db, member: MemberRow | undefined) => Promise<T>,
) => Promise<T>;

/** The statement every request's transaction starts with, as text and values for node-postgres. */
export const MEMBER_LOOKUP = 'select * from auth_begin_request($1, $2, $3::uuid)';

/**
 * PGlite: Drizzle's transaction on the one connection (PGlite queues every other query until it ends), read only
 * through Drizzle's documented transaction setting.
 */
export function pgliteTransactions(db: Db): Transactions {
  return (access, { companyId, userId, sessionId }, fn) =>
    db.transaction(
      async (tx) => {
        const [row] = await queryRows<MemberRow>(
          tx,
          sql`select * from auth_begin_request(${companyId}, ${userId}, ${sessionId}::uuid)`,
        );
        return fn(tx, row);
      },
      access === 'read' ? { accessMode: 'read only' } : undefined,
    );
}
