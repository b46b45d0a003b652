import type { PgliteProxy } from '../../server/db/pgliteProxy';
import type { Pool, PoolClient } from 'pg';
import type { Database } from '../../server/db/client';
import { Tenancy } from '../../server/db/tenancy';
import { and, asc, eq } from 'drizzle-orm';
import { bookings } from '../../server/db/schema';
import {
  dayBookingsRead,
  findBooking,
  listDayBookings,
  listSlotBookings,
  listSlotsBetween,
  slotBookingsRead,
  slotsBetweenRead,
} from '../../server/modules/bookings/bookings.repository';
import { requestContextQuery, type RequestContextRow } from '../../server/modules/users/users.repository';
import { encodeNameList } from '../../src/domain/reports';
import { TOURS, addBooking, createCompany } from './fixtures';
import { bearer, describeEachDb, refreshWith } from './helpers';

const DAY = '2026-06-15';
const names = (rows: Array<{ name: string }>) => rows.map((row) => row.name);

type Checkout = (err: Error | undefined, client: PoolClient | undefined, done: () => void) => void;

/** Counts what reaches the driver: pool checkouts and queries on PostgreSQL, transactions and calls on PGlite. */
function watchDriver(database: Database) {
  const calls = {
    checkouts: 0,
    clients: 0,
    queries: 0,
    transactions: 0,
    texts: [] as string[],
    /** Each query's statement name, for a named (prepared) one. */
    names: [] as Array<string | undefined>,
  };
  const record = (args: unknown[]) => {
    const first = args[0] as string | { text: string; name?: string };
    calls.texts.push(typeof first === 'string' ? first : first.text);
    calls.names.push(typeof first === 'string' ? undefined : first.name);
  };
  /** `fn` called on `self`, counted and its SQL recorded. */
  const counted = <F extends (...args: never[]) => unknown>(self: object, fn: F): F =>
    ((...args: Parameters<F>) => {
      calls.queries++;
      record(args);
      return fn.apply(self, args);
    }) as F;
  if (database.pool) {
    const pool = database.pool as Pool & { connect(callback?: Checkout): Promise<PoolClient> | undefined };
    const connect = pool.connect.bind(pool) as (callback?: Checkout) => Promise<PoolClient> | undefined;
    const watched = new WeakSet<PoolClient>();
    const watch = (client: PoolClient) => {
      if (watched.has(client)) return;
      watched.add(client);
      calls.clients++;
      client.query = counted(client, client.query);
    };
    // pool.query checks out with a callback, a transaction with a promise.
    pool.connect = ((callback?: Checkout) => {
      calls.checkouts++;
      if (callback) {
        return connect((err, client, done) => {
          if (client) watch(client);
          callback(err, client, done);
        });
      }
      return (connect() as Promise<PoolClient>).then((client) => {
        watch(client);
        return client;
      });
    }) as typeof pool.connect;
    return { calls, restore: () => void (pool.connect = connect as typeof pool.connect) };
  }
  const pglite = (database.db as unknown as { $client: PgliteProxy }).$client;
  const { query, exec, transaction } = pglite;
  pglite.transaction = ((fn: Parameters<PgliteProxy['transaction']>[0]) => {
    calls.transactions++;
    return transaction.call(pglite, (tx) => {
      tx.query = counted(tx, tx.query);
      tx.exec = counted(tx, tx.exec);
      return fn(tx);
    });
  }) as typeof pglite.transaction;
  pglite.query = counted(pglite, query);
  pglite.exec = counted(pglite, exec);
  return {
    calls,
    restore: () => Object.assign(pglite, { query, exec, transaction }),
  };
}

// A signed-in read sends its company, its member lookup and its reads together: one round trip.
describeEachDb('prefetched reads', (ctx) => {
  test('a day, a slot and nearby tours each cost one round trip, request after request', async () => {
    const { app, db, database } = ctx();
    const c = await createCompany(app, db);
    const tour = TOURS[0] as string;
    await addBooking(db, c.companyId, { date: DAY, time: '09:00', tour, name: 'Ana' });
    await addBooking(db, c.companyId, { date: DAY, time: '09:00', tour, name: 'bruno', cancelled: true });
    const urls = [
      `/api/bookings/date/${DAY}`,
      `/api/bookings/date/${DAY}/09:00/${encodeURIComponent(tour)}`,
      `/api/bookings/nearbytours/${DAY}/08:00/10:00`,
    ];
    const watch = watchDriver(database);
    try {
      // More requests than the pool has connections: each connection prepares its statements once.
      for (let round = 0; round < 6; round++) {
        for (const url of urls) {
          const before = { ...watch.calls };
          const res = await app.inject({ url, headers: bearer(c.manager.token) });
          expect(res.statusCode).toBe(200);
          expect(watch.calls.queries - before.queries).toBe(1);
          if (database.pool) expect(watch.calls.checkouts - before.checkouts).toBe(1);
          // One `exec`, a transaction of its own.
          else expect(watch.calls.transactions - before.transactions).toBe(0);
        }
      }
    } finally {
      watch.restore();
    }
    if (database.pool) {
      // The member lookup is parsed and planned once per connection, then executed with its values.
      const member = watch.calls.texts.filter((text) => text.includes('auth_request_context'));
      expect(member).toHaveLength(18);
      const prepares = member.filter((text) => text.includes('prepare "prefetch_auth_request_context" as'));
      expect(prepares.length).toBeGreaterThan(0);
      expect(prepares.length).toBeLessThanOrEqual(watch.calls.clients);
      expect(member.every((text) => text.includes(`execute "prefetch_auth_request_context"('`))).toBe(true);
    }
    const slot = await app.inject({ url: urls[1] as string, headers: bearer(c.manager.token) });
    expect(names(slot.json<{ bookings: Array<{ name: string }> }>().bookings)).toEqual(['Ana', 'bruno']);
    const nearby = await app.inject({ url: urls[2] as string, headers: bearer(c.manager.token) });
    expect(nearby.json()).toEqual([{ time: '09:00', tour, pax: 2 }]);
  });

  test('a report page, by tour day or by booking date, costs one round trip; a Guide’s costs no read', async () => {
    const { app, db, database } = ctx();
    const c = await createCompany(app, db);
    await addBooking(db, c.companyId, { date: DAY, time: '09:00', name: 'Ana', source: 'Viator' });
    await addBooking(db, c.companyId, { date: DAY, time: '10:00', name: 'Bea', source: `Tom's "tours"` });
    const lists = `${encodeURIComponent(encodeNameList(['Viator', `Tom's "tours"`]))}/${encodeURIComponent(encodeNameList([...TOURS]))}`;
    // Tomorrow in UTC: the bookings were made now, which in Madrid is already tomorrow from 23:00 UTC (22:00 in summer).
    const end = new Date(Date.now() + 86_400_000).toISOString().slice(0, 10);
    const page = async (field: string, start: string, token: string, query = '') => {
      const before = { queries: watch.calls.queries, texts: watch.calls.texts.length };
      const res = await app.inject({
        url: `/api/bookings/reports/${field}/${start}/${end}/${lists}?pageSize=1${query}`,
        headers: bearer(token),
      });
      return {
        res,
        queries: watch.calls.queries - before.queries,
        texts: watch.calls.texts.slice(before.texts),
      };
    };
    const watch = watchDriver(database);
    try {
      const byDay = await page('date', DAY, c.manager.token);
      expect(byDay.res.json()).toMatchObject({ total: 2, rows: [{ name: 'Ana' }] });
      expect(byDay.queries).toBe(1);
      // Its no-show totals, and with only no-shows its count, are read ahead with it too.
      const noShows = await page('date', DAY, c.manager.token, '&onlyNoShows=true');
      expect(noShows.res.json()).toMatchObject({
        total: 2,
        noShowTotals: [{ Adults: 4 }, { Teens: 0 }, { Children: 0 }],
      });
      expect(noShows.queries).toBe(1);
      // The company's zone is known from the first request on: a page by booking date is read ahead with it.
      const byBooking = await page('createdAt', DAY, c.manager.token);
      expect(byBooking.res.json()).toMatchObject({ total: 2, rows: [{ name: 'Ana' }] });
      expect(byBooking.queries).toBe(1);
      const guide = await page('date', DAY, c.guide.token);
      expect(guide.res.statusCode).toBe(403);
      expect(guide.texts.join(' ')).toMatch(/auth_request_context/);
      expect(guide.texts.join(' ')).not.toMatch(/bookings/);
    } finally {
      watch.restore();
    }
  });

  test('a check-in’s member and booking travel with its transaction’s begin: three round trips', async () => {
    const { app, db, database } = ctx();
    const c = await createCompany(app, db);
    const ana = await addBooking(db, c.companyId, { date: DAY, time: '09:00', name: 'Ana', adults: 2, pax: 2 });
    const checkIn = (adults: number) =>
      app.inject({
        method: 'PATCH',
        url: `/api/bookings/${ana.id}`,
        headers: bearer(c.manager.token),
        payload: { _id: ana.id, attendees: [{ Adults: adults }] },
      });
    const watch = watchDriver(database);
    try {
      const seen = watch.calls.texts.length;
      const queries = watch.calls.queries;
      const res = await checkIn(1);
      expect(res.statusCode).toBe(200);
      expect(res.json()).toMatchObject({ attendees: [{ Adults: 1 }] });
      // begin with the member, the booking and the company; the guarded update; commit.
      if (database.pool) expect(watch.calls.queries - queries).toBe(3);
      const texts = watch.calls.texts.slice(seen).join('\n');
      // The member is read in the first round trip, with the booking, not on its own before it.
      expect(watch.calls.texts.slice(seen)[0]).toMatch(
        /auth_request_context[\s\S]*(execute "prefetch_bookings_by_id"|"bookings"\."id" = ')/,
      );
      // Sent ahead: as a prepared statement's EXECUTE on PostgreSQL, inlined on PGlite; never on its own.
      expect(texts).toMatch(/execute "prefetch_bookings_by_id"|"bookings"\."id" = '/);
      const selects = texts.split('\n').filter((text) => text.startsWith('select'));
      expect(selects.filter((text) => /"bookings"\."id" = \$/.test(text))).toEqual([]);
      // The guarded update is a named statement: built once, parsed by PostgreSQL once per connection.
      const update = watch.calls.texts.findIndex((text, i) => i >= seen && text.startsWith('update "bookings"'));
      expect(update).toBeGreaterThan(-1);
      if (database.pool) expect(watch.calls.names[update]).toBe('bookings_check_in');
    } finally {
      watch.restore();
    }
    // Over the booked count: answered from the row read ahead, before any write.
    expect((await checkIn(3)).statusCode).toBe(400);
    expect((await checkIn(2)).json()).toMatchObject({ attendees: [{ Adults: 2 }], version: 3 });
  });

  test('a refresh sends its token, its member and its company’s reads with its begin: three round trips', async () => {
    const { app, db, database } = ctx();
    const c = await createCompany(app, db);
    const watch = watchDriver(database);
    try {
      const seen = { texts: watch.calls.texts.length, queries: watch.calls.queries };
      const res = await refreshWith(app, c.manager.refresh);
      expect(res.statusCode).toBe(200);
      expect(res.json()).toMatchObject({ user: { company: { tours: [{}, {}], sources: expect.any(Array) } } });
      const texts = watch.calls.texts.slice(seen.texts);
      const selects = texts
        .flatMap((text) => text.split(/;\s*/))
        .filter((text) => /^select /.test(text) && / from "(companies|tours|sources|refresh_tokens|users)"/.test(text));
      // Each went ahead (PostgreSQL: prepared, then EXECUTE; PGlite: inlined), none with a parameter of its own.
      expect(selects.filter((text) => /\$\d/.test(text))).toEqual([]);
      expect(texts.join('\n')).toMatch(/"users"/);
      // The token names its company: no lookup across companies first.
      expect(texts.join('\n')).not.toMatch(/auth_find_refresh_token/);
      // begin with the reads; the rotation with the new token's insert; commit.
      if (database.pool) expect(watch.calls.queries - seen.queries).toBe(3);
    } finally {
      watch.restore();
    }
  });

  test('names with quotes and backslashes travel as literals and find their slot', async () => {
    const { app, db } = ctx();
    const c = await createCompany(app, db);
    const tour = TOURS[1] as string;
    const odd = [`O'Brien`, 'back\\slash', 'say "hi"', `it''s`, '$1 dollar'];
    for (const name of odd) await addBooking(db, c.companyId, { date: DAY, time: '10:00', tour, name });
    const res = await app.inject({
      url: `/api/bookings/date/${DAY}/10:00/${encodeURIComponent(tour)}`,
      headers: bearer(c.manager.token),
    });
    expect(res.statusCode).toBe(200);
    expect(names(res.json<{ bookings: Array<{ name: string }> }>().bookings).sort()).toEqual([...odd].sort());
  });

  test('answer the very rows Drizzle’s own select answers, nulls, instants and counts included', async () => {
    const { app, db, database } = ctx();
    const c = await createCompany(app, db);
    const tenancy = new Tenancy(database.db);
    const tour = TOURS[0] as string;
    await addBooking(db, c.companyId, { date: DAY, time: '09:00', tour, name: 'Ana', guide: 'Olga' });
    await addBooking(db, c.companyId, { date: DAY, time: '09:00', tour, name: 'bruno', phone: null, cancelled: true });
    await addBooking(db, c.companyId, { date: DAY, time: '10:30', tour, name: 'Carla', teens: 2, pax: 4 });
    const own = await db
      .select()
      .from(bookings)
      .where(and(eq(bookings.companyId, c.companyId), eq(bookings.date, DAY)))
      .orderBy(asc(bookings.time), asc(bookings.name))
      // Every column but updated_at, which no answer shows.
      .then((rows) => rows.map(({ updatedAt: _updatedAt, ...row }) => row));
    const slot = { day: DAY, time: '09:00', tour };
    const read = () =>
      Promise.all([
        listDayBookings(tenancy.db, c.companyId, DAY),
        listSlotBookings(tenancy.db, c.companyId, slot),
        listSlotsBetween(tenancy.db, c.companyId, DAY, '08:00', '11:00'),
      ]);
    const ordinary = await tenancy.run(c.companyId, read);
    let runs = 0;
    const ahead = await tenancy.runAfter(
      c.companyId,
      requestContextQuery(c.companyId, c.manager.user._id),
      () => {
        runs++;
        return read();
      },
      [
        dayBookingsRead(tenancy.db, c.companyId, DAY),
        slotBookingsRead(tenancy.db, c.companyId, slot),
        slotsBetweenRead(tenancy.db, c.companyId, DAY, '08:00', '11:00'),
      ],
    );
    expect(runs).toBe(1);
    expect(ahead).toEqual(ordinary);
    expect(ahead[0]).toEqual(own);
    expect(ahead[1]).toEqual(own.slice(0, 2));
    expect(ahead[2]).toEqual([
      { time: '09:00', tour, pax: 2 },
      { time: '10:30', tour, pax: 4 },
    ]);
    expect(ahead[0][0]).toMatchObject({ guide: 'Olga', createdAt: expect.any(Date) });
    expect(ahead[0][1]).toMatchObject({ phone: null, guide: null, cancelled: true });
  });

  test('a handler that queries beyond its prefetched reads runs again the ordinary way', async () => {
    const { app, db, database } = ctx();
    const c = await createCompany(app, db);
    const tenancy = new Tenancy(database.db);
    const ana = await addBooking(db, c.companyId, { date: DAY, time: '09:00', name: 'Ana' });
    let runs = 0;
    const result = await tenancy.runAfter(
      c.companyId,
      requestContextQuery(c.companyId, c.manager.user._id),
      async (rows: RequestContextRow[]) => {
        runs++;
        const day = await listDayBookings(tenancy.db, c.companyId, DAY);
        const one = await findBooking(tenancy.db, c.companyId, ana.id);
        return { member: rows[0]?.email, day: names(day), one: one?.name };
      },
      [dayBookingsRead(tenancy.db, c.companyId, DAY)],
    );
    expect(result).toEqual({ member: c.manager.user.email, day: ['Ana'], one: 'Ana' });
    expect(runs).toBe(2);
  });

  test('a miss the handler swallows still sends it the ordinary way', async () => {
    const { app, db, database } = ctx();
    const c = await createCompany(app, db);
    const tenancy = new Tenancy(database.db);
    await addBooking(db, c.companyId, { date: DAY, time: '09:00', name: 'Ana' });
    const slot = { day: DAY, time: '09:00', tour: TOURS[0] as string };
    const seen: string[][] = [];
    await tenancy.runAfter(
      c.companyId,
      requestContextQuery(c.companyId, c.manager.user._id),
      async () => {
        seen.push(names(await listDayBookings(tenancy.db, c.companyId, DAY)));
        seen.push(names(await listSlotBookings(tenancy.db, c.companyId, slot).catch(() => [])));
      },
      [dayBookingsRead(tenancy.db, c.companyId, DAY)],
    );
    expect(seen).toEqual([['Ana'], [], ['Ana'], ['Ana']]);
  });

  test('a round trip that fails is retried the ordinary way and leaves the pool idle', async () => {
    const { app, db, database } = ctx();
    const c = await createCompany(app, db);
    const tenancy = new Tenancy(database.db);
    await addBooking(db, c.companyId, { date: DAY, time: '09:00', name: 'Ana' });
    let runs = 0;
    const day = await tenancy.runAfter(
      c.companyId,
      requestContextQuery(c.companyId, c.manager.user._id),
      async () => {
        runs++;
        return names(await listDayBookings(tenancy.db, c.companyId, DAY));
      },
      // Not a date: PostgreSQL refuses the prefetched read.
      [dayBookingsRead(tenancy.db, c.companyId, 'the 15th')],
    );
    expect(day).toEqual(['Ana']);
    expect(runs).toBe(1);
    if (database.pool) expect(database.pool.totalCount).toBe(database.pool.idleCount);
  });
});
