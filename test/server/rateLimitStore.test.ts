import type { FastifyRateLimitStore } from '@fastify/rate-limit';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../../server/app';
import type { Config } from '../../server/config';
import type { Db } from '../../server/db/client';
import { rateLimits } from '../../server/db/schema';
import { SWEEP_EVERY, rateLimitStore } from '../../server/db/rateLimitStore';
import { TEST_SECRET, describeEachDb, signup, uniqueEmail, type TestApp } from './helpers';

type Counted = { current: number; ttl: number };

/** A route's store as the plugin makes it; each call of `rateLimitStore` stands for one more server process. */
function routeStore(db: Db, url = '/test/limited', secret = TEST_SECRET): FastifyRateLimitStore {
  const Store = rateLimitStore(db, secret);
  return new Store({}).child({ routeInfo: { method: 'POST', url } } as never);
}

function incr(store: FastifyRateLimitStore, key: string, timeWindow: number): Promise<Counted> {
  return new Promise((resolve, reject) => {
    store.incr(key, (err, counted) => (err ? reject(err) : resolve(counted as Counted)), timeWindow, 1000);
  });
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** One more server process on the test's database, with its own limits. */
async function anotherApp(t: TestApp, overrides: Partial<Config>): Promise<FastifyInstance> {
  const app = await buildApp({ ...t.config, ...overrides }, { database: t.database });
  await app.ready();
  return app;
}

function attempt(app: FastifyInstance, remoteAddress: string, email: string, password: string) {
  return app.inject({ method: 'POST', url: '/auth', remoteAddress, payload: { email, password } });
}

async function storedRows(db: Db) {
  return db.select().from(rateLimits);
}

describeEachDb('rate-limit counts in the database', (ctx) => {
  test('two server processes on one database count sign-in attempts together', async () => {
    const t = ctx();
    const account = await signup(t.app);
    const [a, b] = [await anotherApp(t, { loginRateLimit: 3 }), await anotherApp(t, { loginRateLimit: 3 })];
    try {
      const address = '10.1.0.1';
      for (const app of [a, b, a]) {
        expect((await attempt(app, address, account.user.email, 'wrong password')).statusCode).toBe(401);
      }
      // The fourth attempt is the second one process B sees: counted per process, it would get through.
      const limited = await attempt(b, address, account.user.email, account.password);
      expect(limited.statusCode).toBe(429);
      expect(limited.json()).toMatchObject({ code: 'RATE_LIMITED' });
      expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
      expect((await attempt(a, address, account.user.email, account.password)).statusCode).toBe(429);
    } finally {
      await Promise.all([a.close(), b.close()]);
    }
  });

  test('an address and email are let in again once their window has passed', async () => {
    const t = ctx();
    const account = await signup(t.app);
    const app = await anotherApp(t, { loginRateLimit: 1, loginRateWindowMs: 700 });
    try {
      const address = '10.1.0.2';
      expect((await attempt(app, address, account.user.email, 'wrong password')).statusCode).toBe(401);
      expect((await attempt(app, address, account.user.email, account.password)).statusCode).toBe(429);
      await sleep(900);
      expect((await attempt(app, address, account.user.email, account.password)).statusCode).toBe(200);
    } finally {
      await app.close();
    }
  });

  test('hits count up within a window with the time left as ttl, and restart at 1 after it', async () => {
    const store = routeStore(ctx().database.db);
    const first = await incr(store, 'window', 400);
    expect(first).toEqual({ current: 1, ttl: 400 });
    const second = await incr(store, 'window', 400);
    expect(second.current).toBe(2);
    expect(second.ttl).toBeGreaterThan(0);
    expect(second.ttl).toBeLessThanOrEqual(400);
    await sleep(500);
    expect(await incr(store, 'window', 400)).toEqual({ current: 1, ttl: 400 });
  });

  test('concurrent hits on one key, from two processes, get the distinct counts 1..N', async () => {
    const stores = [routeStore(ctx().database.db), routeStore(ctx().database.db)];
    const n = 40;
    const counted = await Promise.all(
      Array.from({ length: n }, (_, i) => incr(stores[i % 2] as FastifyRateLimitStore, 'concurrent', 60_000)),
    );
    expect(counted.map((c) => c.current).sort((x, y) => x - y)).toEqual(Array.from({ length: n }, (_, i) => i + 1));
  });

  test('each route counts apart, even for the same key', async () => {
    const db = ctx().database.db;
    await incr(routeStore(db, '/test/one'), 'same key', 60_000);
    expect((await incr(routeStore(db, '/test/one'), 'same key', 60_000)).current).toBe(2);
    expect((await incr(routeStore(db, '/test/two'), 'same key', 60_000)).current).toBe(1);
  });

  test('stores neither the email nor the address in clear', async () => {
    const t = ctx();
    const email = uniqueEmail('kept-out');
    const address = '10.1.77.3';
    const before = (await storedRows(t.db)).length;
    const app = await anotherApp(t, { loginRateLimit: 5 });
    try {
      expect((await attempt(app, address, email, 'some password')).statusCode).toBe(401);
    } finally {
      await app.close();
    }
    const rows = await storedRows(t.db);
    // One sign-in counts twice: per address and email, and per address.
    expect(rows).toHaveLength(before + 2);
    for (const row of rows) expect(row.key).toMatch(/^[0-9a-f]{64}$/);
    const stored = JSON.stringify(rows);
    expect(stored).not.toContain(email);
    expect(stored).not.toContain(address);
  });

  test('keys the stored keys with the server secret: another secret counts in rows of its own', async () => {
    const db = ctx().database.db;
    const before = (await storedRows(db)).length;
    await incr(routeStore(db, '/test/keyed'), 'same key', 60_000);
    expect((await incr(routeStore(db, '/test/keyed'), 'same key', 60_000)).current).toBe(2);
    const other = routeStore(db, '/test/keyed', 'another secret, just as long as the first one');
    expect((await incr(other, 'same key', 60_000)).current).toBe(1);
    expect(await storedRows(db)).toHaveLength(before + 2);
  });

  test(`sweeps expired windows on every ${SWEEP_EVERY}th hit of a process, and keeps live ones`, async () => {
    const { db } = ctx();
    await db.insert(rateLimits).values([
      { key: 'expired-1', hits: 3, resetAt: sql`now() - interval '1 minute'` },
      { key: 'expired-2', hits: 1, resetAt: sql`now() - interval '1 second'` },
      { key: 'live', hits: 1, resetAt: sql`now() + interval '1 hour'` },
    ]);
    const planted = ['expired-1', 'expired-2', 'live'];
    const keys = async () => (await storedRows(db)).map((row) => row.key).filter((key) => planted.includes(key));
    const store = routeStore(ctx().database.db);
    for (let i = 1; i < SWEEP_EVERY; i++) await incr(store, 'sweeper', 60_000);
    expect((await keys()).sort()).toEqual(planted);
    await incr(store, 'sweeper', 60_000);
    expect(await keys()).toEqual(['live']);
  });

  test('a failing database fails the attempt closed with the one 500 body, not a crash or a sign-in', async () => {
    const t = ctx();
    const account = await signup(t.app);
    await t.db.execute(
      sql.raw(`CREATE FUNCTION rate_limit_test_fail() RETURNS trigger LANGUAGE plpgsql AS $$
        BEGIN RAISE EXCEPTION 'storage failure injected by the rate-limit test'; END $$`),
    );
    await t.db.execute(
      sql.raw(`CREATE TRIGGER rate_limit_test_fail BEFORE INSERT OR UPDATE ON rate_limits
        FOR EACH ROW EXECUTE FUNCTION rate_limit_test_fail()`),
    );
    try {
      const res = await attempt(t.app, '10.1.0.9', account.user.email, account.password);
      expect(res.statusCode).toBe(500);
      expect(res.json()).toEqual({ error: 'Something went wrong on our side', code: 'INTERNAL' });
      expect(res.cookies).toEqual([]);
    } finally {
      await t.db.execute(sql.raw('DROP TRIGGER rate_limit_test_fail ON rate_limits'));
      await t.db.execute(sql.raw('DROP FUNCTION rate_limit_test_fail()'));
    }
    expect((await attempt(t.app, '10.1.0.9', account.user.email, account.password)).statusCode).toBe(200);
  });
});
