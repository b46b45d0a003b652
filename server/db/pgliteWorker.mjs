// PGlite on a thread of its own, so its engine and protocol parsing do not share the HTTP server's core; its other
// end is server/db/pgliteProxy.ts. Plain JS: Node loads it as is from the sources, under jest and from the bundle.
import { parentPort, workerData } from 'node:worker_threads';
import { PGlite, messages } from '@electric-sql/pglite';

const identity = (value) => value;

/** Parser sets by key (type OIDs joined by commas): functions cannot cross threads, only identity ones are sent. */
const parserSets = new Map();

function parsersFor(key) {
  let parsers = parserSets.get(key);
  if (!parsers) {
    parsers = Object.fromEntries(key.split(',').map((oid) => [Number(oid), identity]));
    parserSets.set(key, parsers);
  }
  return parsers;
}

/** The proxy's wire options (see WireOptions there) as PGlite's query options. */
function optionsOf(wire) {
  if (!wire) return undefined;
  return { ...wire, parsers: wire.parsers ? parsersFor(wire.parsers) : undefined };
}

/** pg-protocol's DatabaseError fields and the query PGlite adds (not its queryOptions, which may hold functions). */
const ERROR_FIELDS = [
  'name',
  'length',
  'severity',
  'code',
  'detail',
  'hint',
  'position',
  'internalPosition',
  'internalQuery',
  'where',
  'schema',
  'table',
  'column',
  'dataType',
  'constraint',
  'file',
  'line',
  'routine',
  'query',
  'params',
];

function plainError(err) {
  if (!(err instanceof Error)) return { name: 'Error', message: String(err) };
  const plain = { message: err.message, database: err instanceof messages.DatabaseError };
  for (const field of ERROR_FIELDS) if (err[field] !== undefined) plain[field] = err[field];
  return plain;
}

const pg = await PGlite.create(workerData.dataDir);

async function run(request) {
  const options = optionsOf(request.options);
  switch (request.op) {
    case 'query':
      if (request.begin) await pg.exec('BEGIN');
      return pg.query(request.text, request.params, options);
    case 'exec':
      // A transaction's first statements travel with its BEGIN: one simple query, BEGIN's result left out.
      return request.begin
        ? (await pg.exec(`BEGIN;${request.text}`, options)).slice(1)
        : pg.exec(request.text, options);
    case 'close':
      await pg.close();
      return undefined;
    default:
      throw new Error(`Unknown PGlite worker request: ${request.op}`);
  }
}

// One request after another, in the order they were posted: the proxy relies on it for its transactions.
let queue = Promise.resolve();
parentPort.on('message', (request) => {
  queue = queue.then(async () => {
    try {
      parentPort.postMessage({ id: request.id, result: await run(request) });
    } catch (err) {
      parentPort.postMessage({ id: request.id, error: plainError(err) });
    }
  });
});
parentPort.postMessage({ ready: true });
