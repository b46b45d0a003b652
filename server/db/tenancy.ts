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
  /** `onEvents` hears of each committed transaction that appended events, after its commit (never of a rollback). */
  constructor(
    private readonly db: Db,
    private readonly onEvents: (companyId: string) => void = () => undefined,
  ) {}

  /** `eventWritten` says the work appended to the event log: the live streams are told once it commits. */
  run<T>(companyId: string, fn: (tx: Db, eventWritten: () => void) => Promise<T>): Promise<T> {
    let wroteEvents = false;
    const eventWritten = () => {
      wroteEvents = true;
    };
    return this.transaction(companyId, null, null, (tx) => fn(tx, eventWritten)).then((result) => {
      if (wroteEvents) this.onEvents(companyId);
      return result;
    });
  }

  /**
   * `run` for a signed-in request: the same first statement reads the member behind the token, so a deleted member,
   * a changed password or role, or a session signed out or revoked answers 401, and `fn` gets the member and the
   * company as they are now.
   */
  runAs<T>(caller: Caller, fn: (tx: Db, auth: AuthContext) => Promise<T>): Promise<T> {
    let wroteEvents = false;
    const eventWritten = () => {
      wroteEvents = true;
    };
    const work = this.transaction(caller.companyId, caller.userId, caller.sessionId ?? null, (tx, row) => {
      const member = signedInMember(caller, row);
      if (!member) throw sessionEnded();
      return fn(tx, { ...member, eventWritten });
    });
    // NOTIFY inside the transaction would queue every commit of the database behind one lock: it is sent after.
    return work.then((result) => {
      if (wroteEvents) this.onEvents(caller.companyId);
      return result;
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
