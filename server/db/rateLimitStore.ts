import { createHmac } from 'node:crypto';
import type { FastifyRateLimitStore, FastifyRateLimitStoreCtor } from '@fastify/rate-limit';
import { sql } from 'drizzle-orm';
import type { Db } from './client';
import { rateLimits } from './schema';

/** Every this many hits counted by one process, one sweep of expired windows. */
export const SWEEP_EVERY = 100;
/** At most this many rows per sweep: ten times what SWEEP_EVERY hits can add, so sweeps keep up and stay short. */
const SWEEP_LIMIT = 1000;

type Counted = { current: number; ttl: number };
type Callback = (err: Error | null, result?: Counted) => void;

/**
 * What the plugin passes to `child` at run time: the route's merged limiter options with the route as `routeInfo`
 * (its types say the route's options themselves).
 */
interface ChildOptions {
  routeInfo?: { method?: string | string[]; url?: string };
}

/** One per app: the handle, the key for stored keys and the hits counted so far, shared by every route's store. */
interface Shared {
  db: Db;
  keying: Buffer;
  hits: number;
}

const windowExpired = sql`${rateLimits.resetAt} <= now()`;

/**
 * @fastify/rate-limit's counts in the database, so every server process on it counts the same attempts (with the
 * plugin's in-memory store, N processes would allow N times the attempts).
 *
 * Semantics of the plugin's LocalStore in its default mode (continueExceeding and exponentialBackoff are not used
 * here and not implemented): a key's first hit opens a window of `timeWindow` ms, hits within it count up, `ttl` is
 * what is left of it, and a hit after it restarts the count at 1. Each hit is one upsert, atomic under concurrency
 * (PostgreSQL locks the conflicting row), timed by the database's clock so that processes agree.
 *
 * A failing database fails the hit: the error goes to the plugin, which (skipOnError left false) fails the request,
 * answered as a 500 by the error handler. Letting attempts through unlimited during an outage would open sign-in to
 * brute force; refusing them costs nothing more, since sign-in needs the database anyway.
 *
 * No `read`: it serves `{ increment: false }` checks, which nothing here makes.
 */
class DatabaseStore implements FastifyRateLimitStore {
  constructor(
    private readonly shared: Shared,
    private readonly namespace: string,
  ) {}

  incr(key: string, cb: Callback, timeWindow: number): void {
    this.hit(key, timeWindow).then(
      (counted) => cb(null, counted),
      (err: Error) => cb(err),
    );
  }

  /** Each rate-limited route counts apart, as the plugin's RedisStore does. */
  child(options: Parameters<FastifyRateLimitStore['child']>[0]): FastifyRateLimitStore {
    const route = (options as unknown as ChildOptions).routeInfo;
    const method = [route?.method ?? ''].flat().join(',');
    return new DatabaseStore(this.shared, `${this.namespace}${method} ${route?.url ?? ''}|`);
  }

  private async hit(key: string, timeWindow: number): Promise<Counted> {
    const { db } = this.shared;
    const [row] = await db
      .insert(rateLimits)
      .values({
        key: storedKey(this.shared.keying, this.namespace, key),
        hits: 1,
        resetAt: sql`now() + ${timeWindow} * interval '1 ms'`,
      })
      .onConflictDoUpdate({
        target: rateLimits.key,
        set: {
          hits: sql`case when ${windowExpired} then 1 else ${rateLimits.hits} + 1 end`,
          resetAt: sql`case when ${windowExpired} then excluded.reset_at else ${rateLimits.resetAt} end`,
        },
      })
      .returning({
        hits: rateLimits.hits,
        ttl: sql<number>`ceil(extract(epoch from ${rateLimits.resetAt} - now()) * 1000)`.mapWith(Number),
      });
    if (!row) throw new Error('The rate-limit upsert returned no row');
    this.shared.hits += 1;
    if (this.shared.hits % SWEEP_EVERY === 0) await sweep(db);
    return { current: row.hits, ttl: row.ttl };
  }
}

/**
 * The row's key: the namespace (which never holds a NUL) and the limiter's key, which holds the client's address and
 * the email tried, as an HMAC under a key derived from the server's secret. Neither is stored, and someone reading
 * the table cannot test guesses of known emails and addresses against it (a plain hash would let them).
 */
function storedKey(keying: Buffer, namespace: string, key: string): string {
  return createHmac('sha256', keying).update(`${namespace}\0${key}`).digest('hex');
}

/**
 * Deletes expired windows, which count for nothing (a key's next hit restarts at 1 whether its row is there or
 * not), so that keys tried once do not pile up. Bounded so it stays a short statement under a flood of new keys;
 * rows another process is upserting or sweeping right now are skipped rather than waited for, and a row restarted
 * since the statement began no longer matches once locked, so it stays. A failed sweep is left for the next one:
 * the hit it follows has been counted.
 */
async function sweep(db: Db): Promise<void> {
  await db
    .delete(rateLimits)
    .where(
      sql`${rateLimits.key} in (select ${rateLimits.key} from ${rateLimits} where ${windowExpired}
        limit ${SWEEP_LIMIT} for update skip locked)`,
    )
    .catch(() => undefined);
}

/**
 * The `store` option of @fastify/rate-limit, counting in `db`: the app's handle (database.db), not the Tenancy
 * proxy and not the owner's. The table has no row-level security, so the app's role needs no company set: each hit is
 * a statement of its own, committed at once, whatever becomes of the request after it (a tenant transaction would
 * roll it back with a failing request). The owner's handle is a pool of two connections kept for migrations; the
 * request path runs with the app's fewer privileges. On PGlite both are one handle, and a statement outside a
 * transaction waits for an open one to end (the proxy's lock); the limiter's hooks run before any tenant transaction
 * opens (plugins/tenancy.ts), so none is ever waiting on its own request. `secret` is the server's (every process
 * sharing a database shares it, as they share the token-signing secret): the stored keys are keyed with it.
 */
export function rateLimitStore(db: Db, secret: string): FastifyRateLimitStoreCtor {
  // A key of its own, not the token-signing secret itself.
  const keying = createHmac('sha256', secret).update('tourdesk rate-limit keys').digest();
  const shared: Shared = { db, keying, hits: 0 };
  return class extends DatabaseStore {
    constructor() {
      super(shared, 'rate-limit|');
    }
  };
}
