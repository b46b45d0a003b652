import { sql } from 'drizzle-orm';
import { drizzle } from 'drizzle-orm/node-postgres';
import { escapeLiteral, type Pool, type QueryResult } from 'pg';
import { UnauthorizedError } from '../errors';
import { UUID } from '../lib/ids';
import type { Db } from './client';
import { queryRows } from './rows';
import { signedInMember, type AuthContext, type Caller, type MemberRow } from './signedIn';

type Work<T> = (tx: Db, member: MemberRow | undefined) => Promise<T>;

const sessionEnded = () => new UnauthorizedError('Your session has expired, please sign in again', 'UNAUTHORIZED');

/**
 * Every read and write of a company's data runs in one of these: one transaction whose first statement
 * (`auth_begin_request`, migration 0008) sets `app.company_id`, so PostgreSQL's row-level security (migration 0002)
 * shows that company's rows and no other. It commits when the work resolves and rolls back when it throws, before the
 * caller answers.
 */
export class Tenancy {
  /** `pool`: PostgreSQL's pool behind `db`; none for the embedded database. */
  constructor(
    private readonly db: Db,
    private readonly pool?: Pool,
  ) {}

  run<T>(companyId: string, fn: (tx: Db) => Promise<T>): Promise<T> {
    return this.transaction(companyId, null, (tx) => fn(tx));
  }

  /**
   * `run` for a signed-in request: the same first statement reads the member behind the token, so a deleted member,
   * a changed password or role answers 401, and `fn` gets the member and the company as they are now.
   */
  runAs<T>(caller: Caller, fn: (tx: Db, auth: AuthContext) => Promise<T>): Promise<T> {
    return this.transaction(caller.companyId, caller.userId, (tx, row) => {
      const auth = signedInMember(caller, row);
      if (!auth) throw sessionEnded();
      return fn(tx, auth);
    });
  }

  private transaction<T>(companyId: string, userId: string | null, fn: Work<T>): Promise<T> {
    if (!UUID.test(companyId) || (userId !== null && !UUID.test(userId))) return Promise.reject(sessionEnded());
    if (!this.pool) {
      return this.db.transaction(async (tx) => {
        const [row] = await queryRows<MemberRow>(tx, sql`select * from auth_begin_request(${companyId}, ${userId})`);
        return fn(tx, row);
      });
    }
    return this.onPool(this.pool, companyId, userId, fn);
  }

  /**
   * On PostgreSQL, `begin` and the first statement travel in one round trip: a simple query of two statements, its
   * values (uuids, checked above) as literals escaped by node-postgres. The work then runs on the same connection.
   */
  private async onPool<T>(pool: Pool, companyId: string, userId: string | null, fn: Work<T>): Promise<T> {
    const client = await pool.connect();
    // A connection whose rollback failed is in an unknown state: the pool drops it.
    let broken: Error | undefined;
    try {
      const user = userId === null ? 'null' : escapeLiteral(userId);
      const [, first] = (await client.query(
        `begin; select * from auth_begin_request(${escapeLiteral(companyId)}, ${user})`,
      )) as unknown as [QueryResult, QueryResult<MemberRow>];
      // No schema: relational queries are not used, and building their config would cost every request.
      const result = await fn(drizzle({ client }) as unknown as Db, first.rows[0]);
      await client.query('commit');
      return result;
    } catch (err) {
      await client.query('rollback').catch((rollbackFailed: Error) => (broken = rollbackFailed));
      throw err;
    } finally {
      client.release(broken);
    }
  }
}
