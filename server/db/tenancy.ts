import { sql } from 'drizzle-orm';
import { UnauthorizedError } from '../errors';
import { UUID } from '../lib/ids';
import type { Db } from './client';
import { queryRows } from './rows';
import { signedInMember, type AuthContext, type Caller, type MemberRow } from './signedIn';

const sessionEnded = () => new UnauthorizedError('Your session has expired, please sign in again', 'UNAUTHORIZED');

/** The transactions under way that appended to the event log, by their handle, with how many events. */
const appendedEvents = new WeakMap<Db, number>();

/**
 * Says `tx` appended `count` events to the event log (modules/eventLog `recordEvents`, its one caller): once it
 * commits, Tenancy tells the company's live streams; a rollback tells nobody.
 */
export function notifyAfterCommit(tx: Db, count: number): void {
  appendedEvents.set(tx, (appendedEvents.get(tx) ?? 0) + count);
}

/**
 * Every read and write of a company's data runs in one of these: one transaction whose first statement
 * (`auth_begin_request`, migration 0010) sets `app.company_id`, so PostgreSQL's row-level security (migration 0002)
 * shows that company's rows and no other. It commits when the work resolves and rolls back when it throws, before the
 * caller answers.
 */
export class Tenancy {
  /**
   * `onEvents` hears of each committed transaction that appended events, with how many, after its commit (never of a
   * rollback).
   */
  constructor(
    private readonly db: Db,
    private readonly onEvents: (companyId: string, count: number) => void = () => undefined,
  ) {}

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
      const member = signedInMember(caller, row);
      if (!member) throw sessionEnded();
      return fn(tx, member);
    });
  }

  private async transaction<T>(
    companyId: string,
    userId: string | null,
    sessionId: string | null,
    fn: (tx: Db, member: MemberRow | undefined) => Promise<T>,
  ): Promise<T> {
    // Ids from a verified token, but a malformed one would be a 500 from PostgreSQL's uuid cast rather than a 401.
    const ids = [companyId, userId, sessionId].filter((id) => id !== null);
    if (!ids.every((id) => UUID.test(id))) throw sessionEnded();
    const { result, appended } = await this.db.transaction(async (tx) => {
      const [row] = await queryRows<MemberRow>(
        tx,
        sql`select * from auth_begin_request(${companyId}, ${userId}, ${sessionId}::uuid)`,
      );
      const done = await fn(tx, row);
      return { result: done, appended: appendedEvents.get(tx) ?? 0 };
    });
    // NOTIFY inside the transaction would queue every commit of the database behind one lock: it is sent after.
    if (appended > 0) this.onEvents(companyId, appended);
    return result;
  }
}
