import type { Results } from '@electric-sql/pglite';
import { fillPlaceholders, type Query } from 'drizzle-orm';
import { escapeIdentifier, escapeLiteral, type PoolClient, type QueryResult } from 'pg';

/*
 * Reads sent ahead of a handler, in its transaction's first round trip (`Tenancy.runAfter`, `Tenancy.run`): what
 * they are, how they travel as literals in a simple-protocol query, and how their answers come back to the driver
 * calls that asked for them.
 */

/**
 * A read a handler is known to make before its transaction opens: a statement built by `prepared` (Drizzle's prepared
 * query) and its placeholder values. Its SQL must depend on nothing the opening statement answers.
 */
export interface Prefetch {
  statement: { getQuery(): Query };
  values: Record<string, unknown>;
}

/**
 * A statement and its values, as sent in a transaction's first round trip: a named one is `prepare`d once per
 * connection on PostgreSQL and then `execute`d with literals (no parse or plan per request), an unnamed one inlined.
 */
export interface Statement {
  text: string;
  params: unknown[];
  /** PostgreSQL only: the statement's name, when it may keep one plan for every call. */
  name?: string;
}

/**
 * A read's first row, run the ordinary way: answered from the results that travelled with `begin` when it was sent
 * ahead, from the database otherwise.
 */
export async function firstRow<R>(read: {
  statement: { execute(values: Record<string, unknown>): Promise<R[]> };
  values: Record<string, unknown>;
}): Promise<R | undefined> {
  const [row] = await read.statement.execute(read.values);
  return row;
}

/** A prefetched read as sent: its SQL, its values in order, and the driver options Drizzle would pass with it. */
export interface Read extends Statement {
  key: string;
  config: DriverConfig;
}

/** What Drizzle's prepared queries pass to the driver (node-postgres's query config, PGlite's query options). */
interface DriverConfig {
  name?: string;
  text?: string;
  rowMode?: 'array' | 'object';
  types?: unknown;
  parsers?: Record<number, (value: string) => unknown>;
}

export interface ReadResult {
  rows: unknown[][];
  fields: string[];
}

/** A prefetched scope's query that was not sent ahead: the request is answered the ordinary way instead. */
class PrefetchMiss extends Error {
  constructor() {
    super('A query ran that was not prefetched with its transaction');
  }
}

export class Prefetched {
  missed = false;
  constructor(private readonly results: Map<string, ReadResult>) {}

  /** Answers a driver `query(...)` call from the results, as the driver would have (each result serves once). */
  find(args: unknown[]): Promise<unknown> | undefined {
    const [first, second, third] = args as [string | DriverConfig, unknown[] | undefined, DriverConfig | undefined];
    const text = typeof first === 'string' ? first : first.text;
    const config = typeof first === 'string' ? third : first;
    const key = text === undefined ? undefined : readKey(text, second ?? []);
    const result = key === undefined ? undefined : this.results.get(key);
    if (!key || !result) return undefined;
    this.results.delete(key);
    return Promise.resolve({ rows: config?.rowMode === 'array' ? result.rows : toObjects(result) });
  }

  /** `find`, where every query must have been sent ahead. */
  take(args: unknown[]): Promise<unknown> {
    return this.find(args) ?? Promise.reject(this.miss());
  }

  miss(): PrefetchMiss {
    this.missed = true;
    return new PrefetchMiss();
  }
}

const readKey = (text: string, params: unknown[]) => `${text}\u0000${JSON.stringify(params)}`;

export function toObjects({ rows, fields }: ReadResult): Record<string, unknown>[] {
  return rows.map((row) => Object.fromEntries(fields.map((field, i) => [field, row[i]])));
}

/** A prefetched read's SQL, values and driver options, as its Drizzle prepared query would send them. */
export function toRead({ statement, values }: Prefetch): Read {
  const { sql: text, params: placeholders } = statement.getQuery();
  const driver = statement as unknown as {
    queryConfig: DriverConfig;
    rawQueryConfig: DriverConfig;
    fields?: unknown;
    customResultMapper?: unknown;
  };
  // As Drizzle's `execute` chooses: array rows when it maps them itself.
  const config = driver.fields || driver.customResultMapper ? driver.queryConfig : driver.rawQueryConfig;
  const params = fillPlaceholders(placeholders, values);
  return { key: readKey(text, params), text, params, name: config.name || undefined, config };
}

/** A value as node-postgres would send it (pg's prepareValue), as an escaped literal. */
function literal(value: unknown): string {
  if (value === null || value === undefined) return 'null';
  if (Array.isArray(value)) return escapeLiteral(arrayText(value));
  if (typeof value === 'string') return escapeLiteral(value);
  if (typeof value === 'number' || typeof value === 'bigint' || typeof value === 'boolean') {
    return escapeLiteral(String(value));
  }
  throw new TypeError(`A prefetched read cannot send a ${typeof value} as a literal`);
}

/** PostgreSQL's array text, as node-postgres writes an array parameter. */
function arrayText(values: unknown[]): string {
  const element = (value: unknown): string => {
    if (value === null || value === undefined) return 'NULL';
    if (Array.isArray(value)) return arrayText(value);
    return `"${String(value).replace(/\\/g, '\\\\').replace(/"/g, '\\"')}"`;
  };
  return `{${values.map(element).join(',')}}`;
}

/** Quoted strings and identifiers are skipped; `$n` outside them is a parameter. */
const PARAMETER = /'(?:[^']|'')*'|"(?:[^"]|"")*"|\$(\d+)/g;

/** The statement with its parameters as literals (an unknown-typed literal resolves as a parameter would). */
function inline(text: string, params: unknown[]): string {
  return text.replace(PARAMETER, (match, n: string | undefined) =>
    n === undefined ? match : literal(params[Number(n) - 1]),
  );
}

/** The reads each connection has prepared, whichever Tenancy (several may share a pool) prepared them. */
const preparedBy = new WeakMap<PoolClient, Set<string>>();

/** The SQL-level name of a prefetched named read (Drizzle's own name is taken at the protocol level). */
const sqlStatementName = (name: string) => escapeIdentifier(`prefetch_${name}`);

/**
 * Appends statements (an opening, reads) to a simple query's: a named one is `prepare`d once per connection, then
 * `execute`d with literals (so PostgreSQL keeps its plan), an unnamed one inlined. `at`: where each one's result is;
 * `done` records what the connection has prepared, once the query succeeded.
 */
export function appendReads(
  client: PoolClient,
  statements: string[],
  reads: Statement[],
): { at: number[]; done(): void } {
  const prepared = preparedBy.get(client) ?? new Set<string>();
  const preparing = new Set<string>();
  const at = reads.map((read) => {
    if (read.name === undefined) return statements.push(inline(read.text, read.params)) - 1;
    const name = sqlStatementName(read.name);
    if (!prepared.has(read.name) && !preparing.has(read.name)) {
      statements.push(`prepare ${name} as ${read.text}`);
      preparing.add(read.name);
    }
    const args = read.params.length > 0 ? `(${read.params.map(literal).join(', ')})` : '';
    return statements.push(`execute ${name}${args}`) - 1;
  });
  return {
    at,
    done() {
      for (const name of preparing) prepared.add(name);
      preparedBy.set(client, prepared);
    },
  };
}

export function resultOf({ rows, fields }: QueryResult): ReadResult {
  return { rows: rows as unknown[][], fields: fields.map((field) => field.name) };
}

/** The opening statement, if any, then each read as one JSON text. */
export function pgliteText(opening: Statement | undefined, reads: Read[]): string {
  const asJson = (read: Read) => `select coalesce(json_agg(r), '[]')::text from (${inline(read.text, read.params)}) r`;
  return [...(opening === undefined ? [] : [inline(opening.text, opening.params)]), ...reads.map(asJson)].join('; ');
}

export function pgliteAnswers(
  results: Results[],
  opening: Statement | undefined,
): { opening?: ReadResult; reads: ReadResult[] } {
  const [first, ...rest] = opening === undefined ? [undefined, ...results] : results;
  return {
    opening: first && { rows: first.rows as unknown[][], fields: first.fields.map((field) => field.name) },
    reads: rest.map((result) => fromJson(((result as Results<[string]>).rows[0] as [string])[0])),
  };
}

function fromJson(text: string): ReadResult {
  const objects = JSON.parse(text) as Record<string, unknown>[];
  const rows = objects.map((object) => Object.values(object).map(asPgliteReads));
  return { rows, fields: Object.keys(objects[0] ?? {}) };
}

/**
 * PGlite's row reader decodes each text field with a TextDecoder that drops a leading U+FEFF; its JSON keeps it. The
 * same as every other read on PGlite, then (the CSV, a booking answered after an edit), rather than a BOM that comes
 * and goes between screens.
 */
const asPgliteReads = (value: unknown) =>
  typeof value === 'string' && value.charCodeAt(0) === 0xfeff ? value.slice(1) : value;
