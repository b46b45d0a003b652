import { buildApp } from '../../server/app';
import { sql } from 'drizzle-orm';
import { openPostgres } from '../../server/db/client';
import { EVENTS_CHANNEL } from '../../server/modules/eventLog/eventNotifier';
import type { LiveEvent } from '../../src/domain/events';
import { addBooking, createCompany, type CompanyFixture } from './fixtures';
import { DB_KINDS, bearer, createTestApp, type TestApp } from './helpers';
import { dataOf, hasData, listen, openStream, suiteStreams, type TestStream } from './sse';

// 10:05 in Madrid: a Guide sees the 10:00 slot, not the 18:00 one.
const NOW = new Date('2026-06-15T08:05:00Z');
const DAY = '2026-06-15';

describe.each(DB_KINDS)('live updates [%s]', (kind) => {
  let t: TestApp;
  let base: string;
  let c: CompanyFixture;
  let morning: string;
  let evening: string;
  const open = suiteStreams(() => base);
  const checkIn = (token: string, id: string, adults: number) =>
    t.app.inject({
      method: 'PATCH',
      url: `/api/bookings/${id}`,
      headers: bearer(token),
      payload: { attendees: [{ Adults: adults }] },
    });
  const liveEvent = async (stream: TestStream) => dataOf<LiveEvent>(await stream.next(hasData));

  beforeAll(async () => {
    t = await createTestApp(kind, { liveReplayMax: 5, liveRecheckMs: 60_000 }, { now: () => NOW });
    base = await listen(t.app);
    c = await createCompany(t.app, t.db, { showPhoneToGuides: false });
    morning = (await addBooking(t.db, c.companyId, { date: DAY, time: '10:00', adults: 4 })).id;
    evening = (await addBooking(t.db, c.companyId, { date: DAY, time: '18:00', adults: 2 })).id;
  });
  afterAll(async () => {
    await t?.close();
  });

  it('needs the access token in the Authorization header, like every call', async () => {
    const anonymous = await openStream(base, {});
    expect(anonymous.status).toBe(401);
    const stream = await open(c.manager.token);
    expect(stream.status).toBe(200);
  });

  it("carries a Guide's check-in to a Manager's stream, with the booking as the Manager sees it", async () => {
    const manager = await open(c.manager.token);
    await manager.next(); // the retry hint: the stream is open and subscribed
    expect((await checkIn(c.guide.token, morning, 2)).statusCode).toBe(200);
    const event = await liveEvent(manager);
    expect(event).toMatchObject({ kind: 'booking.checkedIn', slot: { day: DAY, time: '10:00' }, gone: [] });
    expect(event.bookings[0]).toMatchObject({ _id: morning, attendees: [{ Adults: 2 }], phone: '+34 600 000 000' });
  });

  it("keeps a Guide's stream to their window and without the phones hidden from Guides", async () => {
    const guide = await open(c.guide.token);
    await guide.next();
    await checkIn(c.manager.token, evening, 1);
    await checkIn(c.manager.token, morning, 3);
    const skipped = await guide.next();
    expect(skipped.data).toBeUndefined(); // the 18:00 slot: only its id, so a resume skips it
    const event = await liveEvent(guide);
    expect(event.bookings.map((b) => b._id)).toEqual([morning]);
    expect(event.bookings[0]).not.toHaveProperty('phone');
    expect(JSON.stringify(event)).not.toContain('600 000');
  });

  it('resumes after the last id it was sent: nothing missed, nothing twice, through a cut in a burst', async () => {
    const first = await open(c.manager.token);
    await first.next();
    const seen: number[] = [];
    const burst = Promise.all([1, 2, 3, 4].map((n) => checkIn(c.manager.token, morning, n % 4)));
    seen.push((await liveEvent(first)).id, (await liveEvent(first)).id);
    first.close();
    await burst;
    const resumed = await open(c.manager.token, seen.at(-1));
    await resumed.next();
    seen.push((await liveEvent(resumed)).id, (await liveEvent(resumed)).id);
    expect(new Set(seen).size).toBe(4);
    expect([...seen].sort((a, b) => a - b)).toEqual(seen);
  });

  it('tells a client that gave no position where it starts, so a cut before its first event loses nothing', async () => {
    const first = await open(c.manager.token);
    const opened = await first.next();
    expect(opened.id).toMatch(/^\d+$/);
    first.close();
    expect((await checkIn(c.guide.token, morning, 1)).statusCode).toBe(200);
    const resumed = await open(c.manager.token, Number(opened.id));
    await resumed.next();
    expect(await liveEvent(resumed)).toMatchObject({ kind: 'booking.checkedIn', bookings: [{ _id: morning }] });
  });

  it('tells a client too far behind to refetch instead of replaying', async () => {
    const start = await open(c.manager.token);
    await start.next();
    await checkIn(c.manager.token, morning, 1);
    const { id } = await liveEvent(start);
    for (const n of [2, 3, 4, 1, 2, 3]) await checkIn(c.manager.token, morning, n);
    const behind = await open(c.manager.token, id);
    expect(await behind.next((f) => f.event !== undefined)).toMatchObject({ event: 'reset' });
  });

  it("reaches every stream with a Manager's company change, and applies the new rule from then on", async () => {
    const guide = await open(c.guide.token);
    await guide.next();
    const res = await t.app.inject({
      method: 'PATCH',
      url: `/api/company/${c.companyId}`,
      headers: bearer(c.manager.token),
      payload: { showPhoneToGuides: true },
    });
    expect(res.statusCode).toBe(200);
    expect(await liveEvent(guide)).toMatchObject({ kind: 'company.settingsChanged', slot: null });
    await checkIn(c.manager.token, morning, 2);
    expect((await liveEvent(guide)).bookings[0]).toMatchObject({ phone: '+34 600 000 000' });
  });

  it('asks a removed member to renew, and ends their stream', async () => {
    const other = await createCompany(t.app, t.db);
    const guide = await open(other.guide.token);
    await guide.next();
    const removed = await t.app.inject({
      method: 'DELETE',
      url: `/api/user/guides/${other.guide.user._id}`,
      headers: bearer(other.manager.token),
    });
    expect(removed.statusCode).toBe(200);
    const rest = await guide.rest();
    expect(rest.at(-1)).toMatchObject({ event: 'renew' });
    expect(rest.filter(hasData)).toEqual([]);
  });

  if (kind === 'postgres') {
    it('catches up from the log when its listening connection was lost and is back', async () => {
      const stream = await open(c.manager.token);
      await stream.next();
      await t.db.execute(
        sql`select pg_terminate_backend(pid) from pg_stat_activity where query = ${`LISTEN ${EVENTS_CHANNEL}`}`,
      );
      // Committed while nobody listens: its NOTIFY is lost, the log is not.
      await checkIn(c.manager.token, morning, 1);
      expect(await liveEvent(stream)).toMatchObject({ kind: 'booking.checkedIn', bookings: [{ _id: morning }] });
    });

    it('fans out across processes through LISTEN/NOTIFY', async () => {
      const database = await openPostgres(t.databaseUrl as string, 2);
      const second = await buildApp(t.config, { database, now: () => NOW });
      let stream: TestStream | undefined;
      try {
        stream = await openStream(await listen(second), bearer(c.manager.token));
        await stream.next();
        await checkIn(c.guide.token, morning, 4);
        expect(await liveEvent(stream)).toMatchObject({ kind: 'booking.checkedIn', bookings: [{ _id: morning }] });
      } finally {
        stream?.close();
        await second.close();
        await database.close();
      }
    });
  }
});
