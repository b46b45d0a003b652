import { AsyncLocalStorage } from 'node:async_hooks';
import type { PGlite } from '@electric-sql/pglite';
import { NodePgSession, NodePgTransaction } from 'drizzle-orm/node-postgres';
import { PgDatabase, PgDialect } from 'drizzle-orm/pg-core';
import { PgliteSession, PgliteTransaction } from 'drizzle-orm/pglite';
import { Pool, escapeLiteral, type QueryResult } from 'pg';
import type { Db } from './client';

/** The driver's own connection a scope's queries run on: a pg client checked out of the pool, or PGlite's. */
interface Connection {
  query(...args: unknown[]): unknown;
}

interface Scope {
  companyId: string;
  tx: Db;
  connection: Connection;
  /** False once the transaction ended: work that outlives it (a stream) must open a scope of its own. */
  open: boolean;
}

/** `opening`: a statement sent with `begin` in its round trip; `fn` receives its rows (none without one). */
type Transaction = <T>(
  companyId: string,
  opening: string | undefined,
  fn: (tx: Db, connection: Connection, rows: unknown[]) => Promise<T>,
) => Promise<T>;

/** Each Tenancy's `db` to the handle its prepared statements are built on (see `preparedOn`). */
const routedHandles = new WeakMap<Db, Db>();

/**
 * Runs the app's queries inside one transaction per company, with `app.company_id` set for that transaction so
 * PostgreSQL's row-level security policies (migration 0002) show that company's rows and no other.
 *
 * `db` is the handle services and repositories hold: inside `run` it is the scope's transaction (a nested
 * `db.transaction` becomes a savepoint), outside it is the pool, where on PostgreSQL every tenant table reads empty.
 */
export class Tenancy {
  private readonly scopes = new AsyncLocalStorage<Scope>();
  readonly db: Db;
  private readonly transaction: Transaction;

  constructor(base: Db) {
    const current = (): Scope | undefined => {
      const scope = this.scopes.getStore();
      if (scope && !scope.open) {
        throw new Error('A query ran after its tenant transaction ended; open a scope with run()');
      }
      return scope;
    };
    this.db = new Proxy(base, {
      get(_target, property) {
        const target = current()?.tx ?? base;
        const value: unknown = Reflect.get(target, property, target);
        return typeof value === 'function' ? (value as (...args: unknown[]) => unknown).bind(target) : value;
      },
    });
    const dialect = new PgDialect();
    const { fullSchema, schema: tables, tableNamesMap } = base._;
    const schema = tables && { fullSchema, schema: tables, tableNamesMap };
    const client = (base as Db & { $client: Connection }).$client;
    const pg = client instanceof Pool;
    this.transaction = pg
      ? pgTransaction(client, dialect, schema)
      : pgliteTransaction(client as PGlite, dialect, schema);
    // Statements prepared once run on the connection of whichever scope is current, like `db` itself.
    const router: Connection = { query: (...args) => (current()?.connection ?? client).query(...args) };
    const session = pg
      ? new NodePgSession(router as never, dialect, schema)
      : new PgliteSession(router as never, dialect, schema);
    routedHandles.set(this.db, new PgDatabase(dialect, session, schema) as unknown as Db);
  }

  /** Commits when `fn` resolves, rolls back when it throws. Scopes nest only within the same company. */
  run<T>(companyId: string, fn: () => Promise<T>): Promise<T> {
    return this.open(companyId, undefined, fn);
  }

  /**
   * `run`, with `opening` as the transaction's first statement, sent in the same round trip as `begin` and the
   * company (so in the simple protocol: literals only, escaped by the caller); `fn` receives its rows. It sees the
   * transaction's snapshot and the company set, like every later statement of the scope.
   */
  runAfter<R, T>(companyId: string, opening: string, fn: (rows: R[]) => Promise<T>): Promise<T> {
    return this.open(companyId, opening, fn as (rows: unknown[]) => Promise<T>);
  }

  private async open<T>(
    companyId: string,
    opening: string | undefined,
    fn: (rows: unknown[]) => Promise<T>,
  ): Promise<T> {
    const scope = this.scopes.getStore();
    if (scope?.open) {
      if (scope.companyId !== companyId) throw new Error('A tenant scope cannot open another company’s scope');
      if (opening === undefined) return fn([]);
      const result = (await scope.connection.query(opening)) as { rows: unknown[] };
      return fn(result.rows);
    }
    let opened: Scope | undefined;
    try {
      return await this.transaction(companyId, opening, (tx, connection, rows) => {
        opened = { companyId, tx, connection, open: true };
        return this.scopes.run(opened, fn, rows);
      });
    } finally {
      if (opened) opened.open = false;
    }
  }
}

/**
 * The handle to build a prepared statement on (`.prepare(name)`) for `db`: for a Tenancy's `db`, one that runs it on
 * the current scope's connection, so a statement built once serves every request; any other handle is its own.
 */
export function preparedOn(db: Db): Db {
  return routedHandles.get(db) ?? db;
}

/**
 * A statement built once per Tenancy (on `preparedOn(db)`) rather than on every call: Drizzle builds its SQL once,
 * and a named one (`.prepare(name)`) is also parsed by PostgreSQL once per connection.
 */
export function prepared<T>(build: (db: Db) => T): (db: Db) => T {
  const statements = new WeakMap<Db, T>();
  return (db) => {
    const target = preparedOn(db);
    let statement = statements.get(target);
    if (!statement) {
      statement = build(target);
      statements.set(target, statement);
    }
    return statement;
  };
}

type Schema = ConstructorParameters<typeof NodePgTransaction>[2];

/**
 * Drizzle's own transaction on node-postgres, except that `begin`, the company (`set local`, i.e. `set_config(…, true)`
 * without a SELECT to plan or a row to answer) and the scope's opening statement, if any, travel in one round trip (a
 * simple-protocol query of several statements, so the company goes in as an escaped literal).
 */
function pgTransaction(pool: Pool, dialect: PgDialect, schema: Schema): Transaction {
  return async (companyId, opening, fn) => {
    const client = await pool.connect();
    // A failed begin, commit or rollback leaves the connection in an unknown state: the pool discards it then.
    let broken: Error | undefined;
    const control = (text: string) =>
      client.query(text).catch((err: Error) => {
        broken = err;
        throw err;
      });
    try {
      const begin = `begin; set local app.company_id = ${escapeLiteral(companyId)}`;
      // Several statements in one query answer one result each, in order.
      const results = (await control(
        opening === undefined ? begin : `${begin}; ${opening}`,
      )) as unknown as QueryResult[];
      const rows = opening === undefined ? [] : (results[results.length - 1] as QueryResult).rows;
      const tx = new NodePgTransaction(dialect, new NodePgSession(client, dialect, schema), schema);
      let result;
      try {
        result = await fn(tx as unknown as Db, client as unknown as Connection, rows);
      } catch (err) {
        await control('rollback');
        throw err;
      }
      await control('commit');
      return result;
    } finally {
      client.release(broken);
    }
  };
}

/** PGlite runs as its superuser, whom the policies do not bind: its own transaction, no company to set. */
function pgliteTransaction(pglite: PGlite, dialect: PgDialect, schema: Schema): Transaction {
  return (_companyId, opening, fn) =>
    pglite.transaction(async (client) =>
      fn(
        new PgliteTransaction(dialect, new PgliteSession(client, dialect, schema), schema) as unknown as Db,
        client as unknown as Connection,
        opening === undefined ? [] : (await client.query(opening)).rows,
      ),
    );
}
