import { AsyncLocalStorage } from 'node:async_hooks';
import { NodePgSession, NodePgTransaction } from 'drizzle-orm/node-postgres';
import { PgDatabase, PgDialect } from 'drizzle-orm/pg-core';
import { PgliteSession, PgliteTransaction } from 'drizzle-orm/pglite';
import { Pool, escapeLiteral, type QueryArrayConfig, type QueryResult } from 'pg';
import type { Db } from './client';
import { PgliteProxy } from './pgliteProxy';
import {
  Prefetched,
  appendReads,
  pgliteAnswers,
  pgliteText,
  resultOf,
  toObjects,
  toRead,
  type Prefetch,
  type Read,
  type ReadResult,
  type Statement,
} from './reads';

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
  /** A scope whose reads were answered with its committed opening (`runAfter` with reads): nothing else may run. */
  prefetched?: Prefetched;
  /** An open scope's reads, answered with its `begin` (`run` with reads): other queries run in it as usual. */
  preloaded?: Prefetched;
}

/** Sends the company, `opening` and the reads in one transaction and one round trip; rows in array mode. */
type Batch = (
  companyId: string,
  opening: Statement,
  reads: Read[],
) => Promise<{ opening: ReadResult; reads: ReadResult[] }>;

/**
 * `opening`: a statement sent with `begin` in its round trip, and `reads` after it; `fn` receives the opening's rows
 * (none without one) and the reads' results by key.
 */
type Transaction = <T>(
  companyId: string,
  opening: Statement | undefined,
  reads: Read[],
  fn: (tx: Db, connection: Connection, rows: unknown[], preloaded: Map<string, ReadResult>) => Promise<T>,
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
  private readonly batch: Batch;
  private readonly base: Db;
  /** The scope queries run in now: none, or an open one (a query in a closed or prefetched scope throws). */
  private readonly current: () => Scope | undefined;

  constructor(base: Db) {
    this.base = base;
    const current = (): Scope | undefined => {
      const scope = this.scopes.getStore();
      if (scope && !scope.open) {
        if (scope.prefetched) throw scope.prefetched.miss();
        throw new Error('A query ran after its tenant transaction ended; open a scope with run()');
      }
      return scope;
    };
    this.current = current;
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
    if (!pg && !(client instanceof PgliteProxy)) throw new Error('PGlite runs behind PgliteProxy (db/client.ts)');
    this.transaction = pg ? pgTransaction(client, dialect, schema) : pgliteTransaction(client, dialect, schema);
    this.batch = pg ? pgBatch(client) : pgliteBatch(client);
    // Statements prepared once run on the connection of whichever scope is current, like `db` itself; in a
    // prefetched scope they are answered from its results.
    const router: Connection = {
      query: (...args) => {
        const scope = this.scopes.getStore();
        if (scope?.prefetched) return scope.prefetched.take(args);
        return (scope?.open && scope.preloaded?.find(args)) || (current()?.connection ?? client).query(...args);
      },
    };
    const session = pg
      ? new NodePgSession(router as never, dialect, schema)
      : new PgliteSession(router as never, dialect, schema);
    routedHandles.set(this.db, new PgDatabase(dialect, session, schema) as unknown as Db);
  }

  /**
   * Commits when `fn` resolves, rolls back when it throws. Scopes nest only within the same company. `reads` (queries
   * `fn` is known to make) travel with `begin`, and `fn`'s first asking for each is answered from there.
   */
  run<T>(companyId: string, fn: () => Promise<T>, reads: Prefetch[] = []): Promise<T> {
    return this.open(companyId, undefined, fn, reads);
  }

  /**
   * `run`, with `opening` as the transaction's first statement, sent in the same round trip as `begin` and the
   * company (in the simple protocol, so its values go as escaped literals; a named one is prepared once per
   * connection and then executed); `fn` receives its rows. It sees the transaction's snapshot and the company set,
   * like every later statement of the scope.
   *
   * With `reads` (a read-only handler's queries, known before it runs), they travel in that round trip too, as one
   * transaction: `fn` then runs after it ended, its reads answered from their results, and a request costs one round
   * trip. Should `fn` make any other query, or the round trip fail, `fn` is run again the ordinary way, so it
   * must be free of side effects until its reads are done.
   *
   * With `writes` (`fn` may write), `reads` travel with `begin` and the opening instead, and `fn` runs in the open
   * transaction, its first asking for each read answered from there (as `run` does).
   */
  async runAfter<R, T>(
    companyId: string,
    opening: Statement,
    fn: (rows: R[]) => Promise<T>,
    reads: Prefetch[] = [],
    { writes = false }: { writes?: boolean } = {},
  ): Promise<T> {
    const run = fn as (rows: unknown[]) => Promise<T>;
    if (writes) return this.open(companyId, opening, run, reads);
    if (reads.length > 0 && !this.scopes.getStore()) {
      const answer = await this.prefetched(companyId, opening, run, reads);
      if (answer) return answer.result;
    }
    return this.open(companyId, opening, run);
  }

  /** `fn`'s answer from a scope of prefetched reads, or undefined when it must run the ordinary way. */
  private async prefetched<T>(
    companyId: string,
    opening: Statement,
    fn: (rows: unknown[]) => Promise<T>,
    prefetch: Prefetch[],
  ): Promise<{ result: T } | undefined> {
    const reads = prefetch.map(toRead);
    let answered;
    try {
      answered = await this.batch(companyId, opening, reads);
    } catch {
      return undefined; // the ordinary way answers with the error it meets, in its order
    }
    const prefetched = new Prefetched(new Map(reads.map((read, i) => [read.key, answered.reads[i] as ReadResult])));
    const scope: Scope = { companyId, tx: this.base, connection: { query: () => undefined }, open: false, prefetched };
    try {
      const result = await this.scopes.run(scope, fn, toObjects(answered.opening));
      return prefetched.missed ? undefined : { result };
    } catch (err) {
      if (prefetched.missed) return undefined;
      throw err;
    }
  }

  private async open<T>(
    companyId: string,
    opening: Statement | undefined,
    fn: (rows: unknown[]) => Promise<T>,
    prefetch: Prefetch[] = [],
  ): Promise<T> {
    const scope = this.scopes.getStore();
    if (scope?.open || scope?.prefetched) {
      if (scope.companyId !== companyId) throw new Error('A tenant scope cannot open another company’s scope');
      if (opening === undefined) return fn([]);
      const { connection } = this.current() as Scope;
      const result = (await connection.query(opening.text, opening.params)) as { rows: unknown[] };
      return fn(result.rows);
    }
    let opened: Scope | undefined;
    try {
      return await this.transaction(companyId, opening, prefetch.map(toRead), (tx, connection, rows, preloaded) => {
        opened = { companyId, tx, connection, open: true };
        if (preloaded.size > 0) opened.preloaded = new Prefetched(preloaded);
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
  return async (companyId, opening, reads, fn) => {
    const client = await pool.connect();
    // A failed begin, commit or rollback leaves the connection in an unknown state: the pool discards it then.
    let broken: Error | undefined;
    const control = (query: string | QueryArrayConfig) =>
      client.query(query).catch((err: Error) => {
        broken = err;
        throw err;
      });
    try {
      const statements = ['begin', `set local app.company_id = ${escapeLiteral(companyId)}`];
      const sent = appendReads(client, statements, opening === undefined ? reads : [opening, ...reads]);
      const at = opening === undefined ? sent.at : sent.at.slice(1);
      // Several statements in one query answer one result each, in order.
      const results = (await control({
        text: statements.join('; '),
        rowMode: 'array',
        types: reads[0]?.config.types as never,
      })) as unknown as QueryResult[];
      sent.done();
      const resultAt = (i: number | undefined) => resultOf(results[i as number] as QueryResult);
      const rows = opening === undefined ? [] : toObjects(resultAt(sent.at[0]));
      const preloaded = new Map(reads.map((read, i) => [read.key, resultAt(at[i])]));
      const tx = new NodePgTransaction(dialect, new NodePgSession(client, dialect, schema), schema);
      let result;
      try {
        result = await fn(tx as unknown as Db, client as unknown as Connection, rows, preloaded);
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
function pgliteTransaction(pglite: PgliteProxy, dialect: PgDialect, schema: Schema): Transaction {
  return (_companyId, opening, reads, fn) =>
    pglite.transaction(async (client) => {
      let rows: unknown[] = [];
      let preloaded = new Map<string, ReadResult>();
      if (reads.length > 0) {
        const answered = pgliteAnswers(await client.exec(pgliteText(opening, reads), { rowMode: 'array' }), opening);
        rows = answered.opening ? toObjects(answered.opening) : [];
        preloaded = new Map(reads.map((read, i) => [read.key, answered.reads[i] as ReadResult]));
      } else if (opening !== undefined) {
        rows = (await client.query(opening.text, opening.params)).rows;
      }
      return fn(
        new PgliteTransaction(dialect, new PgliteSession(client as never, dialect, schema), schema) as unknown as Db,
        client as unknown as Connection,
        rows,
        preloaded,
      );
    });
}

/**
 * One simple-protocol query: the company, the opening statement, each read (a named one `prepare`d once per
 * connection, then `execute`d with literals, so PostgreSQL keeps its plan). Any error discards the connection, whose
 * prepared statements are then unknown.
 */
function pgBatch(pool: Pool): Batch {
  return async (companyId, opening, reads) => {
    const client = await pool.connect();
    let failed: Error | undefined;
    try {
      // A query of several statements is one transaction of its own (an implicit block, so `set local` holds
      // until its end): no `begin` or `commit` to send.
      const statements = [`set local app.company_id = ${escapeLiteral(companyId)}`];
      const sent = appendReads(client, statements, [opening, ...reads]);
      const results = (await client.query({
        text: statements.join('; '),
        rowMode: 'array',
        types: reads[0]?.config.types as never,
      })) as unknown as QueryResult[];
      sent.done();
      const [first, ...rest] = sent.at.map((i) => resultOf(results[i] as QueryResult));
      return { opening: first as ReadResult, reads: rest };
    } catch (err) {
      failed = err as Error;
      throw err;
    } finally {
      client.release(failed);
    }
  };
}

/**
 * PGlite: its own transaction around one `exec` of the opening statement and the reads, with literals, each read
 * answered as one JSON text: PGlite's JavaScript protocol reader copies and decodes every field of every row, which
 * costs it about three times what building the JSON costs its engine (60 bookings: 2.2 ms against 0.8 ms of CPU).
 * A sorted subquery hands `json_agg` its rows in order; JSON keeps every column type the reads use (timestamps as
 * ISO text, which Drizzle's mapping reads like PostgreSQL's), and the reads' column names are distinct.
 */
function pgliteBatch(pglite: PgliteProxy): Batch {
  return async (_companyId, opening, reads) => {
    // One `exec` is one implicit transaction, and the proxy runs it between transactions, never inside one.
    const answered = pgliteAnswers(await pglite.exec(pgliteText(opening, reads), { rowMode: 'array' }), opening);
    return { opening: answered.opening as ReadResult, reads: answered.reads };
  };
}
