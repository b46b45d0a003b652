import { and, eq, sql } from 'drizzle-orm';
import type { PastImport } from '../../src/domain/schemas/imports';
import { bookings, imports } from '../../server/db/schema';
import { createCompany, type CompanyFixture } from './fixtures';
import { bearer, describeEachDb, type TestApp } from './helpers';
import { bookingRows, streamImport } from './importRequests';
import { eventually } from './sessions';

/** The company's bookings B-… per tour. */
const toursOfRows = async (t: TestApp, c: CompanyFixture) => {
  const rows = await t.db
    .select({ tour: bookings.tour, n: sql<number>`count(*)::int` })
    .from(bookings)
    .where(and(eq(bookings.companyId, c.companyId), sql`${bookings.bookingId} like 'B-%'`))
    .groupBy(bookings.tour);
  return Object.fromEntries(rows.map((row) => [row.tour, Number(row.n)]));
};

/** The app's clock runs this far ahead of the real one: a test moves it past an import's last sign of life. */
let ahead = 0;

const importRows = (t: TestApp, c: CompanyFixture) =>
  t.db.select().from(imports).where(eq(imports.companyId, c.companyId));

const recent = async (t: TestApp, c: CompanyFixture) =>
  (await t.app.inject({ method: 'GET', url: '/api/imports', headers: bearer(c.manager.token) })).json<PastImport[]>();

const undo = (t: TestApp, c: CompanyFixture, id: string) =>
  t.app.inject({ method: 'POST', url: `/api/imports/${id}/undo`, headers: bearer(c.manager.token) });

describeEachDb(
  'an import while it runs',
  (ctx) => {
    let c: CompanyFixture;
    beforeEach(async () => {
      ahead = 0;
      c = await createCompany(ctx().app, ctx().db);
    });

    it('reads each batch with the names of its time: a tour renamed meanwhile keeps no booking under its old name', async () => {
      const t = ctx();
      const file = streamImport(t.app, c.manager.token, 'apply');
      // A batch of 500, and the row after it: the parser gives a record once the next one begins.
      file.send(...bookingRows(0, 501));
      await eventually(async () => (await toursOfRows(t, c))['Old Town Walk'] === 500, 'the first batch');
      const renamed = await t.app.inject({
        method: 'PATCH',
        url: `/api/company/${c.companyId}/tours/${c.tourIds['Old Town Walk']}`,
        headers: bearer(c.manager.token),
        payload: { label: 'Old Town Tour' },
      });
      expect(renamed.statusCode).toBe(200);
      file.send(...bookingRows(501, 299), ...bookingRows(800, 200, 'Old Town Tour'));
      file.end();
      const { summary } = await file.answer;
      expect(summary.counts).toMatchObject({ create: 700, reject: 300 });
      expect(summary.listed.find((row) => row.outcome === 'reject')).toMatchObject({
        row: 502,
        reason: `Tour: "Old Town Walk" is not one of this company's tours or their other names (Settings)`,
      });
      expect(summary.unknownTours).toEqual([{ name: 'Old Town Walk', rows: 300 }]);
      expect(await toursOfRows(t, c)).toEqual({ 'Old Town Tour': 700 });
    });

    it('is recorded from its start, and counted in the transaction of each batch it commits', async () => {
      const t = ctx();
      const file = streamImport(t.app, c.manager.token, 'apply');
      // The header is read once the first row begins.
      file.send('B-X;Bad Row;99/99/2026;11:00;Old Town Walk;2;0;');
      await eventually(async () => (await importRows(t, c)).length === 1, 'the import recorded');
      const [started] = await importRows(t, c);
      expect(started).toMatchObject({ status: 'running', fileName: 'viator-2026-11.csv', created: 0, endedAt: null });
      expect(await toursOfRows(t, c)).toEqual({});

      file.send(...bookingRows(0, 500));
      await eventually(async () => (await importRows(t, c))[0]?.created === 499, 'the first batch counted');
      expect(await toursOfRows(t, c)).toEqual({ 'Old Town Walk': 499 });
      const [listed] = await recent(t, c);
      expect(listed).toMatchObject({ _id: started!.id, status: 'running', created: 499, rejected: 1, undo: 'running' });
      const refused = await undo(t, c, started!.id);
      expect(refused.statusCode).toBe(409);
      expect(refused.json()).toMatchObject({ code: 'IMPORT_RUNNING' });

      file.end();
      expect((await file.answer).summary.counts).toMatchObject({ create: 500, reject: 1 });
      expect((await recent(t, c))[0]).toMatchObject({
        status: 'finished',
        created: 500,
        rejected: 1,
        undo: 'possible',
      });
    });

    it('lists an import whose server stopped mid-file as interrupted, with what it committed, and undoes that part', async () => {
      const t = ctx();
      const file = streamImport(t.app, c.manager.token, 'apply');
      file.send(...bookingRows(0, 501));
      await eventually(async () => (await importRows(t, c))[0]?.created === 500, 'the first batch counted');
      // Nothing heard of it for over a minute: it died with its process.
      ahead = 61_000;
      const [interrupted] = await recent(t, c);
      expect(interrupted).toMatchObject({ status: 'interrupted', created: 500, undo: 'possible' });
      const undone = await undo(t, c, interrupted!._id);
      expect(undone.statusCode).toBe(200);
      expect(undone.json()).toMatchObject({ status: 'interrupted', created: 500, undo: 'undone' });
      const [row] = await importRows(t, c);
      expect(row).toMatchObject({ status: 'interrupted', endedAt: row!.aliveAt });

      // Were it alive after all, its next batch finds it undone, and writes nothing.
      file.send(...bookingRows(501, 10));
      file.end();
      expect((await file.answer).lines.at(-1)).toEqual({
        type: 'error',
        error: 'This import was undone meanwhile: the rest of the file was not read',
      });
      const [booked] = await t.db
        .select({ n: sql<number>`count(*)::int` })
        .from(bookings)
        .where(and(eq(bookings.companyId, c.companyId), eq(bookings.cancelled, false)));
      expect(Number(booked?.n)).toBe(0);
    });

    it('lists one still running before its first batch, and forgets it once its server stopped with nothing done', async () => {
      const t = ctx();
      const file = streamImport(t.app, c.manager.token, 'apply');
      file.send(...bookingRows(0, 1));
      await eventually(async () => (await importRows(t, c)).length === 1, 'the import recorded');
      expect(await recent(t, c)).toEqual([expect.objectContaining({ status: 'running', created: 0 })]);
      ahead = 61_000;
      expect(await recent(t, c)).toEqual([]);
      ahead = 0;
      file.end();
      expect((await file.answer).summary.counts.create).toBe(1);
    });
  },
  { now: () => new Date(Date.now() + ahead) },
);
