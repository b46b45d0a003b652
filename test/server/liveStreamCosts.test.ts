import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'drizzle-orm';
import { Tenancy } from '../../server/db/tenancy';
import { recordEvents, type Change } from '../../server/modules/eventLog/eventLog';
import { EVENTS_CHANNEL } from '../../server/modules/eventLog/eventNotifier';
import * as liveRepository from '../../server/modules/live/live.repository';
import type { LiveEvent } from '../../src/domain/events';
import { actorOf, addBooking, createCompany, type CompanyFixture } from './fixtures';
import { DB_KINDS, bearer, createTestApp, type TestApp } from './helpers';
import { dataOf, hasData, listen, suiteStreams, type Frame } from './sse';

const DAY = '2026-06-15';
const NOW = new Date('2026-06-15T08:05:00Z');
const REPLAY_MAX = 5;

const isReset = (frame: Frame) => frame.event === 'reset';
const eventOrReset = (frame: Frame) => hasData(frame) || isReset(frame);

/** `count` events naming `bookingId` appended at once, as an import's batch is, and the hubs told. */
async function appendBurst(t: TestApp, companyId: string, bookingId: string, count: number) {
  const change: Change = { kind: 'booking.edited', bookingIds: [bookingId] };
  await recordEvents(
    t.db,
    actorOf(companyId, 'Import'),
    Array.from({ length: count }, () => change),
  );
  await t.db.execute(sql`select pg_notify(${EVENTS_CHANNEL}, ${companyId})`);
  return liveRepository.latestEventId(t.db, companyId);
}

describe.each(DB_KINDS)('what a live stream costs [%s]', (kind) => {
  let t: TestApp;
  let base: string;
  let c: CompanyFixture;
  let booking: string;
  const open = suiteStreams(() => base);
  const checkIn = (adults: number) =>
    t.app.inject({
      method: 'PATCH',
      url: `/api/bookings/${booking}`,
      headers: bearer(c.manager.token),
      payload: { attendees: [{ Adults: adults }] },
    });
  const latest = () => liveRepository.latestEventId(t.db, c.companyId);

  beforeAll(async () => {
    t = await createTestApp(kind, { liveReplayMax: REPLAY_MAX }, { now: () => NOW });
    base = await listen(t.app);
    c = await createCompany(t.app, t.db);
    booking = (await addBooking(t.db, c.companyId, { date: DAY, time: '10:00', adults: 4 })).id;
  });
  afterEach(() => jest.restoreAllMocks());
  afterAll(async () => {
    await t?.close();
  });

  it('answers a tab too far behind with a reset at the log’s end, from a count, reading none of the events', async () => {
    for (const adults of [1, 2, 3, 4, 1, 2, 3]) expect((await checkIn(adults)).statusCode).toBe(200);
    const end = await latest();
    const reads = jest.spyOn(liveRepository, 'eventsAfter');
    const away = await open(c.manager.token, end - 7);
    expect(await away.next(eventOrReset)).toMatchObject({ event: 'reset', id: String(end) });
    // The hub may read what follows the log's end (the check-ins' notices come a moment late); nothing before it.
    const readBehind = reads.mock.calls.filter(([, companyId, after]) => companyId === c.companyId && after < end);
    expect(readBehind.map(([, , after]) => after)).toEqual([]);
  });

  it('sends a stream whose client falls more than LIVE_REPLAY_MAX events behind one reset, not the events', async () => {
    const stream = await open(c.manager.token);
    await stream.next();
    const end = await appendBurst(t, c.companyId, booking, REPLAY_MAX + 3);
    expect(await stream.next(eventOrReset)).toEqual({ id: String(end), event: 'reset', data: '{}' });
    expect((await checkIn(2)).statusCode).toBe(200);
    expect(dataOf<LiveEvent>(await stream.next(eventOrReset))).toMatchObject({ kind: 'booking.checkedIn' });
  });

  it('resets a Last-Event-ID ahead of the log to the log’s last id, and goes on with the next event', async () => {
    const end = await latest();
    const restored = await open(c.manager.token, end + 1_000);
    expect(await restored.next(eventOrReset)).toMatchObject({ event: 'reset', id: String(end) });
    expect((await checkIn(3)).statusCode).toBe(200);
    expect(dataOf<LiveEvent>(await restored.next(eventOrReset))).toMatchObject({
      kind: 'booking.checkedIn',
      bookings: [{ _id: booking }],
    });
  });

  it("reads a member's session once for all of their streams after a company change", async () => {
    const tabs = await Promise.all([1, 2, 3, 4].map(() => open(c.guide.token)));
    for (const tab of tabs) await tab.next();
    const reads = jest.spyOn(Tenancy.prototype, 'runAs');
    const changed = await t.app.inject({
      method: 'PATCH',
      url: `/api/company/${c.companyId}`,
      headers: bearer(c.manager.token),
      payload: { showPhoneToGuides: false },
    });
    expect(changed.statusCode).toBe(200);
    for (const tab of tabs) {
      expect(dataOf<LiveEvent>(await tab.next(hasData))).toMatchObject({ kind: 'company.settingsChanged' });
    }
    expect(reads.mock.calls.filter(([caller]) => caller.userId === c.guide.user._id)).toHaveLength(1);
  });
});

describe.each(DB_KINDS)('a live stream whose client stops reading [%s]', (kind) => {
  let t: TestApp;
  let base: string;
  let c: CompanyFixture;
  const open = suiteStreams(() => base);

  beforeAll(async () => {
    // A unix socket's buffers are a few hundred KiB (TCP's on loopback grow to megabytes): they fill soon.
    t = await createTestApp(kind, { liveStallTimeoutMs: 200, liveReplayMax: 1_000, liveStreamsPerMember: 1 });
    base = await listen(t.app, join(mkdtempSync(join(tmpdir(), 'tourdesk-live-')), 'server.sock'));
    c = await createCompany(t.app, t.db);
  });
  afterAll(async () => {
    await t?.close();
  });

  it('is ended once what waits for it has waited LIVE_STALL_TIMEOUT_MS, and gives its place back', async () => {
    // A booking of about 100 KB, so that a few events fill the socket's buffers.
    const big = await addBooking(t.db, c.companyId, { date: DAY, time: '10:00', name: 'x'.repeat(100_000) });
    const stalled = await open(c.manager.token);
    await stalled.next();
    await appendBurst(t, c.companyId, big.id, 8);
    let again = await open(c.manager.token);
    for (let attempt = 0; again.status === 429 && attempt < 100; attempt++) {
      await new Promise((resolve) => setTimeout(resolve, 100));
      again = await open(c.manager.token);
    }
    expect(again.status).toBe(200);
    // Read now: what reached the socket before the cut, then the end.
    const received = (await stalled.rest()).filter(hasData);
    expect(received.length).toBeLessThan(8);
  });
});
