import { join } from 'node:path';
import { Worker } from 'node:worker_threads';
import {
  TransactionAbortedError,
  messages,
  type ParserOptions,
  type QueryOptions,
  type Results,
  type RowMode,
} from '@electric-sql/pglite';
import { Mutex } from 'async-mutex';
import { projectRoot } from '../lib/paths';

/** Read from the sources in every case (tsx, jest, the bundle), like the migrations. */
const WORKER_FILE = join(projectRoot, 'server', 'db', 'pgliteWorker.mjs');

/** Query options as they cross to the worker: parsers by their type OIDs (joined by commas), all identities. */
interface WireOptions {
  rowMode?: RowMode;
  parsers?: string;
  paramTypes?: number[];
}

type Op = 'query' | 'exec' | 'close';

interface Request {
  id: number;
  op: Op;
  text?: string;
  params?: unknown[];
  options?: WireOptions;
  /** Run BEGIN first: a transaction's BEGIN travels with its first statement. */
  begin?: boolean;
}

/** An error as the worker sends it: its message and its own fields (a DatabaseError's code, detail, …). */
interface WireError {
  message: string;
  /** A pg-protocol DatabaseError, rebuilt as one. */
  database: boolean;
  name?: string;
  length?: number;
  [field: string]: unknown;
}

interface Reply {
  id: number;
  result?: unknown;
  error?: WireError;
}

interface Call {
  resolve(value: unknown): void;
  reject(err: Error): void;
  /** The caller's stack: the worker's says nothing of who ran the query. */
  site: { stack?: string };
}

type Send = (op: Op, text?: string, params?: unknown[], options?: QueryOptions, begin?: boolean) => Promise<unknown>;

/** `(value) => value` and its spellings, whatever the parameter's name (a bundler may rename it). */
const IDENTITY = [
  /^\(?\s*([\w$]+)\s*\)?\s*=>\s*\1$/,
  /^\(?\s*([\w$]+)\s*\)?\s*=>\s*\{\s*return\s+\1\s*;?\s*\}$/,
  /^function\s*[\w$]*\s*\(\s*([\w$]+)\s*\)\s*\{\s*return\s+\1\s*;?\s*\}$/,
];

/** Drizzle builds its options once per prepared query and passes the same objects on every run. */
const wireOptions = new WeakMap<QueryOptions, WireOptions>();

function toWire(options: QueryOptions): WireOptions {
  let wire = wireOptions.get(options);
  if (wire) return wire;
  const { rowMode, parsers, paramTypes, ...rest } = options;
  const other = Object.keys(rest).filter((key) => rest[key as keyof typeof rest] !== undefined);
  if (other.length > 0) {
    throw new Error(`PGlite runs in a worker thread: its ${other.join(', ')} option cannot go there`);
  }
  wire = { rowMode, parsers: parsers && parserKey(parsers), paramTypes };
  wireOptions.set(options, wire);
  return wire;
}

/** Functions cannot cross threads: the worker rebuilds identity parsers, so any other one must not be dropped. */
function parserKey(parsers: ParserOptions): string | undefined {
  const oids = Object.keys(parsers);
  for (const oid of oids) {
    const source = String(parsers[Number(oid)]);
    if (!IDENTITY.some((identity) => identity.test(source))) {
      throw new Error(`PGlite runs in a worker thread, where only identity parsers can go; type ${oid} has ${source}`);
    }
  }
  return oids.length > 0 ? oids.join(',') : undefined;
}

function toError({ message, database, ...fields }: WireError, site: { stack?: string }): Error {
  const err = database
    ? new messages.DatabaseError(message, fields.length ?? 0, fields.name as messages.MessageName)
    : new Error(message);
  Object.assign(err, fields);
  const frames = site.stack ?? '';
  err.stack = `${err.name}: ${message}${frames.slice(frames.indexOf('\n'))}`;
  return err;
}

/**
 * What a transaction's callback receives: PGlite's Transaction for the calls Drizzle's session and Tenancy make
 * (`query`, `exec`; Drizzle's `tx.rollback()` throws rather than calling the client).
 */
export class WorkerTransaction {
  private closed = false;
  private begun = false;

  constructor(private readonly send: Send) {}

  query<T>(text: string, params?: unknown[], options?: QueryOptions): Promise<Results<T>> {
    return this.run('query', text, params, options) as Promise<Results<T>>;
  }

  exec(text: string, options?: QueryOptions): Promise<Results[]> {
    return this.run('exec', text, undefined, options) as Promise<Results[]>;
  }

  /**
   * Posts `statement` (COMMIT or ROLLBACK), if the transaction sent anything, then releases the lock at once: the
   * worker runs requests in order, so whatever is posted next runs after it. Answers the statement's results.
   */
  end(statement: 'COMMIT' | 'ROLLBACK', release: () => void): Promise<Results[] | undefined> {
    this.closed = true;
    const ended = this.begun ? (this.send('exec', statement) as Promise<Results[]>) : Promise.resolve(undefined);
    release();
    return ended;
  }

  private run(op: Op, text: string, params: unknown[] | undefined, options: QueryOptions | undefined) {
    if (this.closed) return Promise.reject(new Error('Transaction is closed'));
    const begin = !this.begun;
    this.begun = true;
    return this.send(op, text, params, options, begin);
  }
}

/**
 * PGlite's client API as Drizzle's PGlite driver and Tenancy use it (`query`, `exec`, `transaction`, `close`), with
 * PGlite itself in a worker thread (pgliteWorker.mjs), so that its engine and protocol parsing run on the other core.
 * The worker runs requests strictly in order; a transaction holds `lock` so that no other query interleaves with it on
 * PGlite's single connection.
 */
export class PgliteProxy {
  private readonly calls = new Map<number, Call>();
  private nextId = 0;
  /** Held by a transaction from its start until its COMMIT or ROLLBACK is posted. */
  private readonly lock = new Mutex();
  /** Why every call fails from now on: the database was closed, or its worker failed. */
  private failure: Error | undefined;
  private readonly send: Send = (op, text, params, options, begin) => this.post(op, text, params, options, begin);

  private constructor(
    private readonly worker: Worker,
    private readonly onFailure?: (err: Error) => void,
  ) {
    worker.on('message', (reply: Reply) => this.settle(reply));
    worker.on('error', (err) => this.fail(new Error(`The PGlite worker failed: ${err.message}`, { cause: err })));
    worker.on('exit', (code) => this.fail(new Error(`The PGlite worker stopped (exit code ${code})`)));
    worker.on('messageerror', (err) => {
      this.fail(new Error(`A reply of the PGlite worker could not be read: ${err.message}`, { cause: err }));
      void worker.terminate();
    });
    // Like PGlite on the main thread, an idle database does not keep the process alive; a call in flight does.
    worker.unref();
  }

  /**
   * Opens PGlite on `dataDir` in a new worker; resolves once it is ready. `onFailure` hears of the worker failing
   * later (every call fails from then on; the server exits rather than answer 500s).
   */
  static async open(dataDir: string, onFailure?: (err: Error) => void): Promise<PgliteProxy> {
    const worker = new Worker(WORKER_FILE, { workerData: { dataDir } });
    let onReady: () => void = () => undefined;
    let onError: (err: Error) => void = () => undefined;
    let onExit: (code: number) => void = () => undefined;
    try {
      await new Promise<void>((resolve, reject) => {
        onReady = resolve;
        onError = reject;
        onExit = (code) => reject(new Error(`The PGlite worker stopped while opening ${dataDir} (exit code ${code})`));
        worker.once('message', onReady).once('error', onError).once('exit', onExit);
      });
    } finally {
      worker.off('message', onReady).off('error', onError).off('exit', onExit);
    }
    return new PgliteProxy(worker, onFailure);
  }

  query<T>(text: string, params?: unknown[], options?: QueryOptions): Promise<Results<T>> {
    return this.outside('query', text, params, options) as Promise<Results<T>>;
  }

  /** Several statements in one simple query (literals only): one message to the worker, one result each. */
  exec(text: string, options?: QueryOptions): Promise<Results[]> {
    return this.outside('exec', text, undefined, options) as Promise<Results[]>;
  }

  /** Commits when `callback` resolves, rolls back when it throws (as PGlite's own `transaction`). */
  async transaction<T>(callback: (tx: WorkerTransaction) => Promise<T>): Promise<T> {
    const release = await this.lock.acquire();
    const tx = new WorkerTransaction(this.send);
    try {
      let result: T;
      try {
        result = await callback(tx);
      } catch (err) {
        await tx.end('ROLLBACK', release);
        throw err;
      }
      const [commit] = (await tx.end('COMMIT', release)) ?? [];
      // COMMIT of a transaction in which a statement failed rolls it back.
      if (commit?.command === 'ROLLBACK') throw Object.assign(new TransactionAbortedError(), { query: 'COMMIT' });
      return result;
    } finally {
      release();
    }
  }

  /** Waits for an open transaction to end, closes PGlite and ends its worker; later calls reject. */
  async close(): Promise<void> {
    const release = await this.lock.acquire();
    const closed = this.post('close');
    this.failure ??= new Error('PGlite is closed');
    release();
    try {
      await closed;
    } finally {
      await this.worker.terminate();
    }
  }

  /** A query outside any transaction: while one is open (or waiting to open), it waits for its turn. */
  private async outside(op: Op, text: string, params: unknown[] | undefined, options: QueryOptions | undefined) {
    if (!this.lock.isLocked()) return this.post(op, text, params, options);
    const release = await this.lock.acquire();
    try {
      return this.post(op, text, params, options);
    } finally {
      release();
    }
  }

  private post(op: Op, text?: string, params?: unknown[], options?: QueryOptions, begin?: boolean): Promise<unknown> {
    if (this.failure) return Promise.reject(this.failure);
    const id = this.nextId++;
    const site: { stack?: string } = {};
    Error.captureStackTrace(site, this.post);
    try {
      const request: Request = { id, op, text, params, options: options && toWire(options), begin };
      this.worker.postMessage(request);
    } catch (err) {
      return Promise.reject(err as Error);
    }
    if (this.calls.size === 0) this.worker.ref();
    return new Promise((resolve, reject) => this.calls.set(id, { resolve, reject, site }));
  }

  private settle({ id, result, error }: Reply): void {
    const call = this.calls.get(id);
    if (!call) return;
    this.calls.delete(id);
    if (this.calls.size === 0) this.worker.unref();
    if (error) call.reject(toError(error, call.site));
    else call.resolve(result);
  }

  private fail(err: Error): void {
    if (!this.failure) {
      this.failure = err;
      this.onFailure?.(err);
    }
    for (const call of this.calls.values()) call.reject(this.failure);
    this.calls.clear();
  }
}
