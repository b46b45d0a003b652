import { and, asc, eq } from 'drizzle-orm';
import { encodeNameList } from '../../src/domain/reports';
import { bookings } from '../../server/db/schema';
import { Tenancy } from '../../server/db/tenancy';
import { findBooking, listDayBookings, listSlotBookings } from '../../server/modules/bookings/bookings.repository';
import { addBooking, createCompany } from './fixtures';
import { bearer, describeEachDb } from './helpers';

const DAY = '2026-06-15';

// The hot reads and the report pages are statements built once, with their own row mapping and array parameters.
describeEachDb('prepared reads', (ctx) => {
  it('answer the very rows Drizzle’s own select answers, nulls and instants included', async () => {
    const t = ctx();
    const c = await createCompany(t.app, t.db);
    const tenancy = new Tenancy(t.db);
    const first = await addBooking(t.db, c.companyId, { date: DAY, time: '09:00', name: 'Ana', guide: 'Olga' });
    await addBooking(t.db, c.companyId, { date: DAY, time: '09:00', name: 'bruno', phone: null, cancelled: true });
    await addBooking(t.db, c.companyId, { date: DAY, time: '10:30', name: 'Carla', teens: 2, pax: 4 });
    const own = await t.db
      .select()
      .from(bookings)
      .where(and(eq(bookings.companyId, c.companyId), eq(bookings.date, DAY)))
      .orderBy(asc(bookings.time), asc(bookings.name))
      // Every column but updated_at, which no answer shows.
      .then((rows) => rows.map(({ updatedAt: _updatedAt, ...row }) => row));
    expect(own.map((row) => row.name)).toEqual(['Ana', 'bruno', 'Carla']);
    await tenancy.run(c.companyId, async () => {
      expect(await listDayBookings(tenancy.db, c.companyId, DAY)).toEqual(own);
      const slot = { day: DAY, time: '09:00', tour: first.tour };
      expect(await listSlotBookings(tenancy.db, c.companyId, slot)).toEqual(own.slice(0, 2));
      expect(await findBooking(tenancy.db, c.companyId, first.id)).toEqual(own[0]);
    });
    expect(own[0]).toMatchObject({ guide: 'Olga', createdAt: expect.any(Date) });
    expect(own[1]).toMatchObject({ phone: null, guide: null, cancelled: true });
  });

  it('filter a report by sources and tours whose names hold quotes, backslashes, commas and braces', async () => {
    const t = ctx();
    const c = await createCompany(t.app, t.db);
    const odd = ['Say "hi"', 'back\\slash', 'a, b', '{braces}', 'NULL', ' spaced '];
    for (const [i, name] of odd.entries()) {
      await addBooking(t.db, c.companyId, { date: DAY, time: '09:00', name: `Guest ${i}`, source: name, tour: name });
    }
    await addBooking(t.db, c.companyId, { date: DAY, time: '09:00', name: 'Plain', source: 'Viator' });
    const report = async (sources: string[], tours: string[]) => {
      const res = await t.app.inject({
        url: `/api/bookings/reports/date/${DAY}/${DAY}/${encodeURIComponent(encodeNameList(sources))}/${encodeURIComponent(encodeNameList(tours))}`,
        headers: bearer(c.manager.token),
      });
      expect(res.statusCode).toBe(200);
      const body = res.json<{ rows: Array<{ name: string }>; total: number }>();
      return { names: body.rows.map((row) => row.name).sort(), total: body.total };
    };
    expect(await report(odd, odd)).toEqual({ names: odd.map((_, i) => `Guest ${i}`), total: odd.length });
    expect(await report(['back\\slash', 'NULL'], odd)).toEqual({ names: ['Guest 1', 'Guest 4'], total: 2 });
    expect(await report(['Say "hi"'], ['a, b'])).toEqual({ names: [], total: 0 });
    expect(await report(['back', 'slash', 'spaced', 'null'], odd)).toEqual({ names: [], total: 0 });
  });
});
