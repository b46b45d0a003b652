import { sql } from 'drizzle-orm';
import { queryRows } from '../../server/db/rows';
import { Tenancy } from '../../server/db/tenancy';
import { recordEvents } from '../../server/modules/eventLog/eventLog';
import { latestEventId } from '../../server/modules/live/live.repository';
import type { HistoryEntry, LiveEvent } from '../../src/domain/events';
import { actorOf, addBooking, createCompany, type CompanyFixture } from './fixtures';
import { DB_KINDS, bearer, createTestApp, type TestApp } from './helpers';
import { eventually } from './sessions';
import { dataOf, hasData, listen, suiteStreams, type Frame, type TestStream } from './sse';

const DAY = '2026-06-15';
const NOW = new Date('2026-06-15T08:05:00Z');
const eventOrReset = (frame: Frame) => hasData(frame) || frame.event === 'reset';

/** Sessions of the test's database waiting for a lock. */
async function lockWaits(t: TestApp): Promise<number> {
  const [row] = await queryRows<{ n: number }>(
    t.db,
    sql`select count(*)::int as n from pg_stat_activity where datname = current_database() and wait_event_type = 'Lock'`,
  );
  return row?.n ?? 0;
}

describe.each(DB_KINDS)("a company's event ids [%s]", (kind) => {
  let t: TestApp;
  let base: string;
  let a: CompanyFixture;
  let b: CompanyFixture;
  let aBooking: string;
  let bBooking: string;
  const open = suiteStreams(() => base);
  const checkIn = async (company: CompanyFixture, booking: string, adults: number) => {
    const res = await t.app.inject({
      method: 'PATCH',
      url: `/api/bookings/${booking}`,
      headers: bearer(company.manager.token),
      payload: { attendees: [{ Adults: adults }] },
    });
    expect(res.statusCode).toBe(200);
  };
  /** The next event's frame: its `id:` line and its data's id, which must agree. */
  const nextId = async (stream: TestStream) => {
    const frame = await stream.next(hasData);
    expect(String(dataOf<LiveEvent>(frame).id)).toBe(frame.id);
    return Number(frame.id);
  };

  beforeAll(async () => {
    t = await createTestApp(kind, { liveReplayMax: 5 }, { now: () => NOW });
    base = await listen(t.app);
    a = await createCompany(t.app, t.db);
    b = await createCompany(t.app, t.db);
    aBooking = (await addBooking(t.db, a.companyId, { date: DAY, time: '10:00', adults: 4 })).id;
    bBooking = (await addBooking(t.db, b.companyId, { date: DAY, time: '10:00', adults: 4 })).id;
  });
  afterAll(async () => {
    await t?.close();
  });

  it("counts each company's events on their own: another company's writes move none of its ids", async () => {
    const stream = await open(a.manager.token);
    const start = Number((await stream.next()).id);
    await checkIn(a, aBooking, 1);
    const first = await nextId(stream);
    for (const adults of [1, 2, 3, 4, 1, 2, 3]) await checkIn(b, bBooking, adults);
    await checkIn(a, aBooking, 2);
    const second = await nextId(stream);
    expect([first, second]).toEqual([start + 1, start + 2]);
    // The booking's history names its events by the same ids.
    const history = await t.app.inject({ url: `/api/bookings/${aBooking}/history`, headers: bearer(a.manager.token) });
    expect(history.json<HistoryEntry[]>().map((entry) => entry.id)).toEqual([second, first]);
    // And the other company's own count starts from its own first event, whatever this one wrote.
    expect(await latestEventId(t.db, b.companyId)).toBe(7);
  });

  it('answers a Last-Event-ID it never gave with a reset at the log’s end, then goes on live', async () => {
    const end = await latestEventId(t.db, a.companyId);
    for (const forged of ['abc', '-1', '1e3', '0x10', '99999999999999999999', String(end + 50), '']) {
      const stream = await open(a.manager.token, forged);
      expect(stream.status).toBe(200);
      expect(await stream.next(eventOrReset)).toMatchObject({ event: 'reset', id: String(end) });
      stream.close();
    }
    const stream = await open(a.manager.token, 'abc');
    await stream.next(eventOrReset);
    await checkIn(a, aBooking, 3);
    expect(await nextId(stream)).toBe(end + 1);
  });

  it('tells the streams of a transaction that recorded events, once it commits, and of no other', async () => {
    const told: string[] = [];
    const tenancy = new Tenancy(t.database, (companyId) => told.push(companyId));
    const actor = actorOf(a.companyId, 'Ana');
    const note = { kind: 'slot.noteSaved', after: { Note: 'x' } } as const;
    await tenancy.run(a.companyId, async () => undefined);
    await tenancy.run(a.companyId, (tx) => recordEvents(tx, actor, []));
    const rolledBack = tenancy.run(a.companyId, async (tx) => {
      await recordEvents(tx, actor, [note]);
      throw new Error('the change failed after its event');
    });
    await expect(rolledBack).rejects.toThrow('the change failed after its event');
    expect(told).toEqual([]);
    await tenancy.run(a.companyId, (tx) => recordEvents(tx, actor, [note, note]));
    expect(told).toEqual([a.companyId]);
  });

  if (kind === 'postgres') {
    it("gives a company's concurrent appends the next ids in commit order, and keeps other companies out of it", async () => {
      const tenancy = new Tenancy(t.database);
      const note = { kind: 'slot.noteSaved', after: { Note: 'y' } } as const;
      const before = await latestEventId(t.db, a.companyId);
      let release!: () => void;
      const held = new Promise<void>((resolve) => (release = resolve));
      let appended!: () => void;
      const firstAppended = new Promise<void>((resolve) => (appended = resolve));
      const first = tenancy.run(a.companyId, async (tx) => {
        await recordEvents(tx, actorOf(a.companyId, 'First'), [note]);
        appended();
        await held;
      });
      await firstAppended;
      // The other company appends while the first transaction holds its company's head.
      await tenancy.run(b.companyId, (tx) => recordEvents(tx, actorOf(b.companyId, 'Other'), [note]));
      const second = tenancy.run(a.companyId, (tx) => recordEvents(tx, actorOf(a.companyId, 'Second'), [note]));
      await eventually(async () => (await lockWaits(t)) > 0, 'the second append waiting for the first');
      release();
      await Promise.all([first, second]);
      const rows = await t.db.query.events.findMany({
        where: (e, { and, eq, gt }) => and(eq(e.companyId, a.companyId), gt(e.id, before)),
        orderBy: (e, { asc }) => asc(e.id),
      });
      expect(rows.map((row) => [row.id, row.memberName])).toEqual([
        [before + 1, 'First'],
        [before + 2, 'Second'],
      ]);
    });
  }
});
