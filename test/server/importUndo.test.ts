import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { and, eq, sql } from 'drizzle-orm';
import type { PastImport } from '../../src/domain/schemas/imports';
import { queryRows } from '../../server/db/rows';
import { bookings, events } from '../../server/db/schema';
import { recordEvents } from '../../server/modules/eventLog/eventLog';
import { actorOf, addBooking, createCompany, type CompanyFixture } from './fixtures';
import { DB_KINDS, bearer, createTestApp, describeEachDb, type TestApp } from './helpers';
import { csvOf, sendImport } from './importRequests';

const HOUR = 60 * 60 * 1000;
/** The app's clock runs this far ahead of the real one: a test moves it past the 24 hours. */
let ahead = 0;

const viatorBookings = async (t: TestApp, c: CompanyFixture) =>
  (
    await t.db
      .select()
      .from(bookings)
      .where(and(eq(bookings.companyId, c.companyId), eq(bookings.source, 'Viator')))
      .orderBy(bookings.bookingId)
  ).map((b) => ({ ref: b.bookingId, name: b.name, adults: b.adults, cancelled: b.cancelled, version: b.version }));

const companyEvents = (t: TestApp, c: CompanyFixture) =>
  t.db.select().from(events).where(eq(events.companyId, c.companyId)).orderBy(events.id);

const recent = async (t: TestApp, token: string) =>
  (await t.app.inject({ method: 'GET', url: '/api/imports', headers: bearer(token) })).json<PastImport[]>();

const undo = (t: TestApp, token: string, id: string) =>
  t.app.inject({ method: 'POST', url: `/api/imports/${id}/undo`, headers: bearer(token) });

const checkIn = (t: TestApp, token: string, id: string) =>
  t.app.inject({
    method: 'PATCH',
    url: `/api/bookings/${id}`,
    headers: bearer(token),
    payload: { attendees: [{ Adults: 1 }] },
  });

/** A company whose Manager imported a file: V-1 created, V-2 updated (2 → 3 adults, renamed), V-3 cancelled. */
async function importedCompany(t: TestApp) {
  const c = await createCompany(t.app, t.db);
  await addBooking(t.db, c.companyId, { date: '2026-12-01', time: '10:00', bookingId: 'V-2', name: 'Bo Lind' });
  await addBooking(t.db, c.companyId, { date: '2026-12-01', time: '10:00', bookingId: 'V-3', name: 'Cy Roe' });
  const { summary } = await sendImport(
    t.app,
    c.manager.token,
    'apply',
    csvOf(
      'V-1;José Núñez;01/12/2026;10:00;Old Town Walk;2;1;Confirmed',
      'V-2;Bo Lindqvist;01/12/2026;10:00;Old Town Walk;3;0;',
      'V-3;Cy Roe;01/12/2026;10:00;Old Town Walk;2;0;Cancelled',
    ),
  );
  expect(summary.counts).toMatchObject({ create: 1, update: 1, cancel: 1 });
  const [imported] = (await recent(t, c.manager.token)) as [PastImport];
  const bookingId = async (ref: string) => {
    const [row] = await t.db
      .select({ id: bookings.id })
      .from(bookings)
      .where(and(eq(bookings.companyId, c.companyId), eq(bookings.bookingId, ref)));
    return row?.id as string;
  };
  return { c, imported, bookingId };
}

describeEachDb(
  'undoing a CSV import',
  (ctx) => {
    let c: CompanyFixture;
    let imported: PastImport;
    let bookingId: (ref: string) => Promise<string>;

    beforeEach(async () => {
      ahead = 0;
      ({ c, imported, bookingId } = await importedCompany(ctx()));
    });

    it('lists a new import as one that may be undone, for 24 hours', async () => {
      expect(imported).toMatchObject({ undo: 'possible', changedSince: 0, undone: null });
      expect(Date.parse(imported.undoUntil) - Date.parse(imported.at)).toBe(24 * HOUR);
    });

    it('cancels what it created and puts back what it changed, one event each, all in the history', async () => {
      const t = ctx();
      const logged = (await companyEvents(t, c)).length;
      const res = await undo(t, c.manager.token, imported._id);
      expect(res.statusCode).toBe(200);
      expect(res.json()).toMatchObject({
        _id: imported._id,
        undo: 'undone',
        undone: { by: c.managerName, at: expect.any(String) },
      });
      expect(await viatorBookings(t, c)).toEqual([
        { ref: 'V-1', name: 'José Núñez', adults: 2, cancelled: true, version: 2 },
        { ref: 'V-2', name: 'Bo Lind', adults: 2, cancelled: false, version: 3 },
        { ref: 'V-3', name: 'Cy Roe', adults: 2, cancelled: false, version: 3 },
      ]);
      const written = (await companyEvents(t, c)).slice(logged);
      const facts = (e: (typeof written)[number]) => [e.kind, e.before, e.after];
      expect(written.slice(0, 3).map(facts)).toEqual(
        expect.arrayContaining([
          ['booking.cancelled', { Cancelled: false }, { Cancelled: true }],
          ['booking.edited', { Name: 'Bo Lindqvist', Adults: 3 }, { Name: 'Bo Lind', Adults: 2 }],
          ['booking.edited', { Cancelled: true }, { Cancelled: false }],
        ]),
      );
      expect(written.slice(3).map(facts)).toEqual([
        ['bookings.importUndone', null, { File: 'viator-2026-11.csv', Cancelled: 1, Restored: 2 }],
      ]);
      expect(written.every((e) => e.memberName === c.managerName)).toBe(true);

      const history = await t.app.inject({
        method: 'GET',
        url: `/api/bookings/${await bookingId('V-2')}/history`,
        headers: bearer(c.manager.token),
      });
      expect(history.json()[0]).toMatchObject({
        kind: 'booking.edited',
        changes: [
          { field: 'Name', from: 'Bo Lindqvist', to: 'Bo Lind' },
          { field: 'Adults', from: '3', to: '2' },
        ],
      });
      expect(await recent(t, c.manager.token)).toEqual([res.json()]);

      const again = await undo(t, c.manager.token, imported._id);
      expect(again.statusCode).toBe(409);
      expect(again.json()).toMatchObject({ code: 'IMPORT_ALREADY_UNDONE' });
    });

    it('is refused, naming the bookings, once one was checked in or changed since; nothing is undone', async () => {
      const t = ctx();
      expect((await checkIn(t, c.manager.token, await bookingId('V-1'))).statusCode).toBe(200);
      expect((await recent(t, c.manager.token))[0]).toMatchObject({ undo: 'changed', changedSince: 1 });
      const before = await viatorBookings(t, c);
      const logged = (await companyEvents(t, c)).length;
      const res = await undo(t, c.manager.token, imported._id);
      expect(res.statusCode).toBe(409);
      expect(res.json()).toEqual({
        error:
          "1 of this import's bookings was checked in or changed since: José Núñez (V-1) checked in. " +
          'Change them back by hand instead.',
        code: 'IMPORT_CHANGED_SINCE',
        details: {
          changed: 1,
          bookings: [
            { _id: await bookingId('V-1'), bookingId: 'V-1', name: 'José Núñez', change: 'booking.checkedIn' },
          ],
        },
      });
      expect(await viatorBookings(t, c)).toEqual(before);
      expect(await companyEvents(t, c)).toHaveLength(logged);
    });

    it('counts a later import of the same booking as a change: the later one may be undone, the first not', async () => {
      const t = ctx();
      await sendImport(t.app, c.manager.token, 'apply', csvOf('V-1;José Núñez;01/12/2026;10:00;Old Town Walk;4;1;'));
      const [later, first] = await recent(t, c.manager.token);
      expect(first).toMatchObject({ _id: imported._id, undo: 'changed', changedSince: 1 });
      expect(later).toMatchObject({ undo: 'possible' });
      expect((await undo(t, c.manager.token, imported._id)).json()).toMatchObject({ code: 'IMPORT_CHANGED_SINCE' });
      expect((await undo(t, c.manager.token, later?._id as string)).statusCode).toBe(200);
      expect((await viatorBookings(t, c))[0]).toMatchObject({ ref: 'V-1', adults: 2, cancelled: false });
      // Undoing the later import was itself a change of V-1 since the first.
      expect((await undo(t, c.manager.token, imported._id)).json()).toMatchObject({ code: 'IMPORT_CHANGED_SINCE' });
    });

    it('is refused more than 24 hours after the import', async () => {
      const t = ctx();
      ahead = 24 * HOUR + 60_000;
      expect((await recent(t, c.manager.token))[0]).toMatchObject({ undo: 'expired' });
      const res = await undo(t, c.manager.token, imported._id);
      expect(res.statusCode).toBe(409);
      expect(res.json()).toMatchObject({ code: 'IMPORT_UNDO_EXPIRED' });
      expect((await viatorBookings(t, c)).map((b) => b.cancelled)).toEqual([false, false, true]);
    });

    it("is a Manager's, of their own company's imports", async () => {
      const t = ctx();
      const other = await createCompany(t.app, t.db);
      expect((await undo(t, c.guide.token, imported._id)).statusCode).toBe(403);
      const foreign = await undo(t, other.manager.token, imported._id);
      expect(foreign.statusCode).toBe(404);
      expect(foreign.json()).toEqual({ error: 'Import not found', code: 'NOT_FOUND' });
      expect((await undo(t, c.manager.token, 'not-an-id')).statusCode).toBe(400);
      expect((await recent(t, c.manager.token))[0]).toMatchObject({ undo: 'possible' });
    });

    it('lists the imports made before the imports table as their events recorded them; those without ids cannot be undone', async () => {
      const t = ctx();
      const old = await createCompany(t.app, t.db);
      // Written as the log held them then, ids far past the company's own.
      const ended = (id: number, ago: number, after: Record<string, unknown>, operationId: string | null = null) => ({
        id,
        companyId: old.companyId,
        kind: 'bookings.imported',
        memberName: old.managerName,
        operationId,
        at: new Date(Date.now() - ago),
        after,
      });
      const counts = { Created: 3, Updated: 1, Cancelled: 0, Rejected: 2 };
      const withId = '0197a1b2-0000-7000-8000-00000000c0de';
      await t.db
        .insert(events)
        .values([
          ended(1_000_001, HOUR, { File: 'before-ids.csv', ...counts }),
          ended(1_000_002, 60_000, { File: 'with-id.csv', ...counts }, withId),
        ]);
      const migration = readFileSync(join(__dirname, '../../server/db/migrations/0025_import_runs.sql'), 'utf8');
      await t.db.execute(sql.raw(migration.split('--> statement-breakpoint').at(-1) as string));
      const listed = await recent(t, old.manager.token);
      const shown = { status: 'finished', created: 3, updated: 1, cancelled: 0, rejected: 2, by: old.managerName };
      expect(listed).toEqual([
        expect.objectContaining({ _id: withId, fileName: 'with-id.csv', undo: 'possible', ...shown }),
        expect.objectContaining({ fileName: 'before-ids.csv', undo: 'unavailable', ...shown }),
      ]);
      expect((await undo(t, old.manager.token, listed[1]!._id)).json()).toMatchObject({ code: 'IMPORT_NOT_UNDOABLE' });
    });
  },
  { now: () => new Date(Date.now() + ahead) },
);

// One connection on the embedded database runs one transaction at a time: an interleaving needs PostgreSQL.
if (DB_KINDS.includes('postgres')) {
  describe('undoing a CSV import while a check-in holds one of its bookings [postgres]', () => {
    let t: TestApp;
    beforeAll(async () => {
      t = await createTestApp('postgres');
    });
    afterAll(() => t.close());

    it('waits for a check-in that holds a booking, then sees it and undoes nothing', async () => {
      const { c, imported, bookingId } = await importedCompany(t);
      const id = await bookingId('V-1');
      const before = (await companyEvents(t, c)).length;
      let answer: Promise<{ statusCode: number; body: string }> | undefined;
      await t.db.transaction(async (tx) => {
        // A check-in's transaction: the booking changed and locked, its event written, not yet committed.
        await tx.execute(sql`update bookings set attended_adults = 1, version = version + 1 where id = ${id}`);
        await recordEvents(tx, actorOf(c.companyId, c.guideName), [
          { kind: 'booking.checkedIn', bookingIds: [id], before: { Adults: 0 }, after: { Adults: 1 } },
        ]);
        answer = undo(t, c.manager.token, imported._id);
        await untilWaitingForLock(t);
      });
      const res = await (answer as Promise<{ statusCode: number; body: string }>);
      expect(res.statusCode).toBe(409);
      expect(JSON.parse(res.body)).toMatchObject({ code: 'IMPORT_CHANGED_SINCE', details: { changed: 1 } });
      expect(await companyEvents(t, c)).toHaveLength(before + 1);
      expect((await viatorBookings(t, c))[0]).toMatchObject({ ref: 'V-1', cancelled: false });
    });
  });
}

/** Until another session of the test's database waits for a row lock (the undo, behind the check-in's). */
async function untilWaitingForLock(t: TestApp) {
  for (let attempt = 0; attempt < 5000; attempt++) {
    const [waiting] = await queryRows<{ n: number }>(
      t.db,
      sql`select count(*)::int as n from pg_stat_activity where datname = current_database() and wait_event_type = 'Lock'`,
    );
    if ((waiting?.n ?? 0) > 0) return;
    await new Promise((resolve) => setImmediate(resolve));
  }
  throw new Error('the undo never waited for the locked booking');
}
