import { and, eq, sql } from 'drizzle-orm';
import { bookings } from '../../server/db/schema';
import { addBooking, addDeparture, createCompany, type CompanyFixture } from './fixtures';
import { describeEachDb, type TestApp } from './helpers';
import { channelQuery, csvOf, sendImport } from './importRequests';

const BOAT = 'Hop-On Harbour Cruise';

const paxAt = async (t: TestApp, c: CompanyFixture, tour: string, time: string) => {
  const [row] = await t.db
    .select({ pax: sql<number>`coalesce(sum(${bookings.pax}) filter (where not ${bookings.cancelled}), 0)::int` })
    .from(bookings)
    .where(and(eq(bookings.companyId, c.companyId), eq(bookings.tour, tour), eq(bookings.time, time)));
  return Number(row?.pax);
};

const outcomes = (summary: Awaited<ReturnType<typeof sendImport>>['summary']) =>
  summary.listed.map((r) => [r.row, r.outcome, r.reason ?? '']);

describeEachDb('seats in a CSV import', (ctx) => {
  let c: CompanyFixture;
  beforeEach(async () => {
    const t = ctx();
    c = await createCompany(t.app, t.db);
    // The boat leaves daily at 19:00 with 30 seats: 26 + 2 (V-2) taken on 1 December. The walk has no timetable.
    await addDeparture(t.db, c.companyId, c.tourIds[BOAT], { time: '19:00', capacity: 30 });
    await addBooking(t.db, c.companyId, {
      date: '2026-12-01',
      time: '19:00',
      tour: BOAT,
      adults: 26,
      bookingId: 'G-1',
    });
    await addBooking(t.db, c.companyId, { date: '2026-12-01', time: '19:00', tour: BOAT, adults: 2, bookingId: 'V-2' });
  });

  const file = csvOf(
    `V-1;Ana Full;01/12/2026;19:00;${BOAT};2;0;`,
    `V-3;Bo Over;01/12/2026;19:00;${BOAT};1;0;`,
    `V-4;Cy Night;01/12/2026;03:17;${BOAT};1;0;`,
    'V-5;Di Walk;01/12/2026;03:17;Old Town Walk;1;0;',
    'V-2;Ed Gone;01/12/2026;19:00;Hop-On Harbour Cruise;2;0;Cancelled',
    `V-6;Fay After;01/12/2026;19:00;${BOAT};2;0;`,
  );

  it('previews rows that would exceed a departure or have no departure as rejected, and the import decides alike', async () => {
    const t = ctx();
    const preview = await sendImport(t.app, c.manager.token, 'preview', file);
    const expected = [
      [2, 'create', ''],
      [3, 'reject', `Over capacity: no seats left on this departure (${BOAT} at 19:00, 30 seats)`],
      [4, 'reject', `Time: the timetable has no departure of ${BOAT} at 03:17 that day`],
      [5, 'create', ''],
      // Cancelled, V-2 frees 2 seats for the row after it.
      [6, 'cancel', ''],
      [7, 'create', ''],
    ];
    expect(outcomes(preview.summary)).toEqual(expected);
    expect(await paxAt(t, c, BOAT, '19:00')).toBe(28);

    const applied = await sendImport(t.app, c.manager.token, 'apply', file);
    expect(outcomes(applied.summary)).toEqual(expected);
    expect(await paxAt(t, c, BOAT, '19:00')).toBe(30);
    expect(await paxAt(t, c, BOAT, '03:17')).toBe(0);
  });

  it('imports them all when the Manager allows overbooking and times outside the timetable', async () => {
    const t = ctx();
    const query = channelQuery({ allowOverbooking: 'true' });
    const preview = await sendImport(t.app, c.manager.token, 'preview', file, query);
    expect(preview.summary.counts).toEqual({ create: 5, update: 0, cancel: 1, unchanged: 0, reject: 0 });
    const applied = await sendImport(t.app, c.manager.token, 'apply', file, query);
    expect(applied.summary.counts).toEqual(preview.summary.counts);
    expect(await paxAt(t, c, BOAT, '19:00')).toBe(31);
    expect(await paxAt(t, c, BOAT, '03:17')).toBe(1);
  });

  it('counts the seats across the whole file, batch after batch, in the preview as in the import', async () => {
    const t = ctx();
    await addDeparture(t.db, c.companyId, c.tourIds[BOAT], { time: '08:00', capacity: 550 });
    const rows = Array.from({ length: 600 }, (_, i) => `B-${i};Guest ${i};02/12/2026;08:00;${BOAT};1;0;`);
    const big = csvOf(...rows);
    const preview = await sendImport(t.app, c.manager.token, 'preview', big);
    expect(preview.summary.counts).toMatchObject({ create: 550, reject: 50 });
    const firstRefused = preview.summary.listed.find((r) => r.outcome === 'reject');
    expect(firstRefused).toMatchObject({ row: 552, reference: 'B-550' });
    const applied = await sendImport(t.app, c.manager.token, 'apply', big);
    expect(applied.summary.counts).toEqual(preview.summary.counts);
    expect(await paxAt(t, c, BOAT, '08:00')).toBe(550);
  });
});
