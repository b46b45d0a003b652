import { eq, sql } from 'drizzle-orm';
import { v7 as uuidv7 } from 'uuid';
import { openPostgres, type Database, type Db } from '../../server/db/client';
import { Tenancy } from '../../server/db/tenancy';
import { listDayBookings, listSlotBookings } from '../../server/modules/bookings/bookings.repository';
import { createPgDatabase } from './dbTemplate';
import { companies } from '../../server/db/schema';
import { TOURS, addBooking, createCompany } from './fixtures';
import { DB_KINDS, bearer, describeEachDb } from './helpers';

const DAY = '2026-06-15';
const slot = { day: DAY, time: '09:00', tour: TOURS[0] as string };
const names = (rows: Array<{ name: string }>) => rows.map((row) => row.name);

async function insertCompany(db: Db): Promise<string> {
  const id = uuidv7();
  await db.execute(sql`insert into companies (id, name) values (${id}, 'Prepared')`);
  return id;
}

// The hot reads are statements prepared once and run on whichever tenant scope is current.
describeEachDb('prepared statements in tenant scopes', (ctx) => {
  test('a prepared read runs inside the current scope’s transaction and sees nothing it rolled back', async () => {
    const tenancy = new Tenancy(ctx().db);
    const companyId = await insertCompany(ctx().db);
    await expect(
      tenancy.run(companyId, async () => {
        await addBooking(tenancy.db, companyId, { date: DAY, time: slot.time, name: 'Not yet committed' });
        expect(names(await listSlotBookings(tenancy.db, companyId, slot))).toEqual(['Not yet committed']);
        throw new Error('refused');
      }),
    ).rejects.toThrow('refused');
    expect(await tenancy.run(companyId, () => listSlotBookings(tenancy.db, companyId, slot))).toEqual([]);
  });

  test('one prepared statement serves scopes of different companies in turn', async () => {
    const tenancy = new Tenancy(ctx().db);
    const [a, b] = [await insertCompany(ctx().db), await insertCompany(ctx().db)];
    await addBooking(ctx().db, a, { date: DAY, time: slot.time, name: 'Guest of A' });
    await addBooking(ctx().db, b, { date: DAY, time: slot.time, name: 'Guest of B' });
    const [ofA, ofB] = await Promise.all([
      tenancy.run(a, () => listDayBookings(tenancy.db, a, DAY)),
      tenancy.run(b, () => listDayBookings(tenancy.db, b, DAY)),
    ]);
    expect(names(ofA)).toEqual(['Guest of A']);
    expect(names(ofB)).toEqual(['Guest of B']);
  });

  test('a prepared read that outlives its transaction is refused rather than run outside it', async () => {
    const tenancy = new Tenancy(ctx().db);
    const companyId = await insertCompany(ctx().db);
    let release: () => void = () => undefined;
    const gate = new Promise<void>((resolve) => {
      release = resolve;
    });
    let late: Promise<unknown> = Promise.resolve();
    await tenancy.run(companyId, async () => {
      late = gate.then(() => listSlotBookings(tenancy.db, companyId, slot));
    });
    release();
    // Drizzle wraps the refusal in its query error.
    await expect(late).rejects.toMatchObject({
      cause: { message: expect.stringMatching(/after its tenant transaction ended/) },
    });
  });
});

// Each request reads its company's settings with the member behind its token, in one statement before its transaction.
describeEachDb("the company's settings of a request", (ctx) => {
  test('a setting changed between two requests applies to the very next one', async () => {
    const { app, db } = ctx();
    const c = await createCompany(app, db, { showPhoneToManagers: false });
    await addBooking(db, c.companyId, { date: DAY, time: slot.time, phone: '+34 611 222 333' });
    const url = `/api/bookings/date/${DAY}/${slot.time}/${encodeURIComponent(slot.tour)}`;
    const phones = async () => {
      const res = await app.inject({ url, headers: bearer(c.manager.token) });
      expect(res.statusCode).toBe(200);
      return (res.json() as { bookings: Array<{ phone?: string | null }> }).bookings.map((b) => b.phone);
    };
    expect(await phones()).toEqual([undefined]);
    await db.update(companies).set({ showPhoneToManagers: true }).where(eq(companies.id, c.companyId));
    expect(await phones()).toEqual(['+34 611 222 333']);
  });
});

// Row-level security binds only the app's role on a real PostgreSQL server.
if (DB_KINDS.includes('postgres')) {
  describe('prepared statements under row-level security on PostgreSQL', () => {
    let database: Database;
    let drop: () => Promise<void>;

    beforeAll(async () => {
      const created = await createPgDatabase(process.env.TEST_DATABASE_URL as string);
      drop = created.drop;
      database = await openPostgres(created.url, 2);
    });
    afterAll(async () => {
      await database?.close();
      await drop?.();
    });

    test("a scope's prepared read shows its own company's rows and never another's, even when asked for them", async () => {
      const tenancy = new Tenancy(database.db);
      const [a, b] = [await insertCompany(database.owner), await insertCompany(database.owner)];
      await addBooking(database.owner, a, { date: DAY, time: slot.time, name: 'Guest of A' });
      await addBooking(database.owner, b, { date: DAY, time: slot.time, name: 'Guest of B' });
      expect(names(await tenancy.run(a, () => listSlotBookings(tenancy.db, a, slot)))).toEqual(['Guest of A']);
      expect(await tenancy.run(a, () => listSlotBookings(tenancy.db, b, slot))).toEqual([]);
      expect(await listDayBookings(tenancy.db, b, DAY)).toEqual([]);
    });
  });
}
