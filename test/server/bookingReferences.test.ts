import { and, asc, eq, sql } from 'drizzle-orm';
import { v7 as uuidv7 } from 'uuid';
import { bookings, events } from '../../server/db/schema';
import { migrationsFolder } from '../../server/lib/paths';
import * as references from '../../server/modules/bookings/bookingReferences';
import { seedDemo } from '../../server/seed';
import { removeDir } from './dbTemplate';
import { addBooking, createCompany, type CompanyFixture } from './fixtures';
import { bearer, DB_KINDS, describeEachDb, type TestApp } from './helpers';
import { csvOf, sendImport } from './importRequests';
import { emptyDatabase, migrationsBefore } from './migrations';

const REFERENCE = /^[23456789ABCDEFGHJKLMNPQRSTUVWXYZ]{8}$/;
/** Years ahead: a departure that has started takes no channel bookings. */
const DAY = '2036-07-01';

const addByApi = (t: TestApp, token: string, name = 'Walk-in Family') =>
  t.app.inject({
    method: 'POST',
    url: '/api/bookings/add-booking',
    headers: bearer(token),
    payload: { name, customers: [{ Adults: 2 }], time: '10:00', tour: 'Old Town Walk', date: DAY },
  });

const addedEvent = async (t: TestApp, id: string) =>
  (
    await t.db
      .select()
      .from(events)
      .where(and(sql`${id} = any(${events.bookingIds})`, eq(events.kind, 'booking.added')))
  )[0];

const referencesOf = async (t: TestApp, companyId: string) =>
  (await t.db.select({ reference: bookings.reference }).from(bookings).where(eq(bookings.companyId, companyId))).map(
    (row) => row.reference,
  );

describeEachDb('booking references', (ctx) => {
  let c: CompanyFixture;
  beforeAll(async () => {
    c = await createCompany(ctx().app, ctx().db);
  });
  afterEach(() => jest.restoreAllMocks());

  it('gives Add booking a reference of 8 unambiguous characters, in its answer and its added event', async () => {
    const t = ctx();
    const res = await addByApi(t, c.manager.token);
    expect(res.statusCode).toBe(201);
    const { _id, reference } = res.json<{ _id: string; reference: string }>();
    expect(reference).toMatch(REFERENCE);
    expect((await addedEvent(t, _id))?.after).toMatchObject({ Name: 'Walk-in Family', Reference: reference });
    const read = await t.app.inject({ url: `/api/bookings/date/${DAY}`, headers: bearer(c.manager.token) });
    const listed = read.json<{ bookings: Array<{ _id: string; reference: string }> }>().bookings;
    expect(listed.find((b) => b._id === _id)?.reference).toBe(reference);
  });

  it('gives the channel API’s new booking one, in its answer', async () => {
    const t = ctx();
    const res = await t.app.inject({
      method: 'PUT',
      url: '/api/v1/bookings/Viator/V-REF-1',
      headers: bearer(c.apiKey),
      payload: { name: 'Ana Viator', date: DAY, time: '10:00', tour: 'Old Town Walk', adults: 2 },
    });
    expect(res.statusCode).toBe(201);
    const { _id, reference } = res.json<{ _id: string; reference: string }>();
    expect(reference).toMatch(REFERENCE);
    expect((await addedEvent(t, _id))?.after).toMatchObject({ Reference: reference });
  });

  it('gives each booking a CSV import creates one, unique, named in its added event', async () => {
    const t = ctx();
    const company = await createCompany(t.app, t.db);
    const file = csvOf(
      'V-1;José Núñez;01/07/2036;10:00;Old Town Walk;2;1;Confirmed',
      'V-2;Bo Lind;01/07/2036;10:00;Old Town Walk;3;0;',
    );
    const { summary } = await sendImport(t.app, company.manager.token, 'apply', file);
    expect(summary.counts).toMatchObject({ create: 2 });
    const rows = await t.db
      .select({ id: bookings.id, reference: bookings.reference })
      .from(bookings)
      .where(eq(bookings.companyId, company.companyId));
    expect(rows).toHaveLength(2);
    expect(new Set(rows.map((row) => row.reference)).size).toBe(2);
    for (const row of rows) {
      expect(row.reference).toMatch(REFERENCE);
      expect((await addedEvent(t, row.id))?.after).toMatchObject({ Reference: row.reference });
    }
  });

  it('draws again when a reference is taken in the company, and an import’s other rows keep theirs', async () => {
    const t = ctx();
    const company = await createCompany(t.app, t.db);
    const taken = (await addBooking(t.db, company.companyId, { date: DAY, time: '10:00' })).reference;
    const spy = jest.spyOn(references, 'newBookingReference');
    spy.mockReturnValueOnce(taken).mockReturnValueOnce('ZZZZ2222');
    const res = await addByApi(t, company.manager.token);
    expect(res.statusCode).toBe(201);
    expect(res.json().reference).toBe('ZZZZ2222');

    jest.spyOn(references, 'newBookingReferences').mockReturnValueOnce(['YYYY3333', taken]);
    const file = csvOf(
      'V-7;Cy Roe;01/07/2036;10:00;Old Town Walk;2;0;',
      'V-8;Di Fox;01/07/2036;10:00;Old Town Walk;2;0;',
    );
    const { summary } = await sendImport(t.app, company.manager.token, 'apply', file);
    expect(summary.counts).toMatchObject({ create: 2 });
    const stored = await referencesOf(t, company.companyId);
    expect(stored).toEqual(expect.arrayContaining([taken, 'YYYY3333', 'ZZZZ2222']));
    expect(new Set(stored).size).toBe(4);
    expect(stored.every((reference) => REFERENCE.test(reference))).toBe(true);
  });

  it('keeps references unique per company, not across companies', async () => {
    const t = ctx();
    const other = await createCompany(t.app, t.db);
    const ours = await addBooking(t.db, c.companyId, { date: DAY, time: '10:00' });
    jest.spyOn(references, 'newBookingReference').mockReturnValueOnce(ours.reference);
    const theirs = await addBooking(t.db, other.companyId, { date: DAY, time: '10:00' });
    expect(theirs.reference).toBe(ours.reference);
    await expect(
      t.db
        .insert(bookings)
        .values({ ...ours, id: uuidv7(), companyId: c.companyId, createdAt: new Date(), updatedAt: new Date() }),
    ).rejects.toThrow();
  });

  it('gives every booking of the demo company one, none twice', async () => {
    const t = ctx();
    const companyId = await seedDemo(t.db, new Date('2026-06-15T10:00:00Z'));
    const seeded = await referencesOf(t, companyId);
    expect(seeded.length).toBeGreaterThan(100);
    expect(seeded.every((reference) => REFERENCE.test(reference))).toBe(true);
    expect(new Set(seeded).size).toBe(seeded.length);
  });
});

describe.each(DB_KINDS)('the booking reference migration [%s]', (kind) => {
  it('gives the bookings already there a reference each, unique per company, then requires one', async () => {
    const before = migrationsBefore('0028_booking_reference');
    const database = await emptyDatabase(kind);
    try {
      await database.migrate(before);
      const [a, b] = [uuidv7(), uuidv7()];
      for (const company of [a, b]) {
        await database.db.execute(sql`insert into companies (id, name, timezone) values (${company}, 'C', 'UTC')`);
        await database.db.execute(sql`
          insert into bookings (company_id, id, name, date, time, tour, source, pax)
          select ${company}::uuid, gen_random_uuid(), 'Guest ' || g, date '2026-06-01', '10:00', 'Walk', 'Walkin', 1
            from generate_series(1, 300) g`);
      }
      await database.migrate(migrationsFolder);
      const rows = await database.db
        .select({ companyId: bookings.companyId, reference: bookings.reference })
        .from(bookings)
        .orderBy(asc(bookings.companyId));
      expect(rows).toHaveLength(600);
      expect(rows.every((row) => REFERENCE.test(row.reference))).toBe(true);
      for (const company of [a, b]) {
        const ofCompany = rows.filter((row) => row.companyId === company).map((row) => row.reference);
        expect(new Set(ofCompany).size).toBe(300);
      }
      await expect(
        database.db.execute(sql`
          insert into bookings (company_id, id, name, date, time, tour, source, pax)
          values (${a}, gen_random_uuid(), 'No reference', date '2026-06-01', '10:00', 'Walk', 'Walkin', 1)`),
      ).rejects.toThrow();
    } finally {
      await database.close();
      removeDir(before);
    }
  });
});
