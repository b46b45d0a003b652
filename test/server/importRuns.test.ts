import { and, eq, sql } from 'drizzle-orm';
import { bookings } from '../../server/db/schema';
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

describeEachDb('an import while it runs', (ctx) => {
  let c: CompanyFixture;
  beforeEach(async () => {
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
});
