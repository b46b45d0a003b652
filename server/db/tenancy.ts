import { sql } from 'drizzle-orm';
import { UnauthorizedError } from '../errors';
import { UUID } from '../lib/ids';
import type { Db } from './client';
import { queryRows } from './rows';
import { signedInMember, type AuthContext, type Caller, type MemberRow } from './signedIn';

const sessionEnded = () => new UnauthorizedError('Your session has expired, please sign in again', 'UNAUTHORIZED');

/**
 * Every read and write of a company's data runs in one of these: one transaction whose first statement
 * (`auth_begin_request`, migration 0008) sets `app.company_id`, so PostgreSQL's row-level security (migration 0002)
 * shows that company's rows and no other. It commits when the work resolves and rolls back when it throws, before the
 * caller answers.
 */
export class Tenancy {
  constructor(private readonly db: Db) {}

  run<T>(companyId: string, fn: (tx: Db) => Promise<T>): Promise<T> {
    return this.transaction(companyId, null, null, (tx) => fn(tx));
  }

  /**
   * `run` for a signed-in request: the same first statement reads the member behind the token, so a deleted member,
   * a changed password or role, or a session signed out or revoked answers 401, and `fn` gets the member and the
   * company as they are now.
   */
  runAs<T>(caller: Caller, fn: (tx: Db, auth: AuthContext) => Promise<T>): Promise<T> {
    return this.transaction(caller.companyId, caller.userId, caller.sessionId ?? null, (tx, row) => {
      const auth = signedInMember(caller, row);
      if (!auth) throw sessionEnded();
      return fn(tx, auth);
    });
  }

  private transaction<T>(
    companyId: string,
    userId: string | null,
    sessionId: string | null,
    fn: (tx: Db, member: MemberRow | undefined) => Promise<T>,
  ): Promise<T> {
    // Ids from a verified token, but a malformed one would be a 500 from PostgreSQL's uuid cast rather than a 401.
    const ids = [companyId, userId, sessionId].filter((id) => id !== null);
    if (!ids.every((id) => UUID.test(id))) return Promise.reject(sessionEnded());
    return this.db.transaction(async (tx) => {
      const [row] = await queryRows<MemberRow>(
        tx,
        sql`select * from auth_begin_request(${companyId}, ${userId}, ${sessionId}::uuid)`,
      );
      return fn(tx, row);
    });
  }
}
