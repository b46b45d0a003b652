import { sql } from 'drizzle-orm';
import { v7 as uuidv7 } from 'uuid';
import { queryRows } from '../../server/db/rows';
import { bookings } from '../../server/db/schema';
import { Tenancy } from '../../server/db/tenancy';
import { addBooking } from './fixtures';
import { DB_KINDS, createTestApp, type TestApp } from './helpers';

/** PostgreSQL's code for a write in a read-only transaction, possibly behind Drizzle's wrapper. */
const READ_ONLY = expect.objectContaining({ cause: expect.objectContaining({ code: '25006' }) });

describe.each(DB_KINDS)('request transactions [%s]', (kind) => {
  let t: TestApp;
  let tenancy: Tenancy;
  const companyA = uuidv7();
  const companyB = uuidv7();

  beforeAll(async () => {
    // One connection: the request after a failed one runs on the same connection.
    t = await createTestApp(kind, { poolSize: 1 });
    tenancy = new Tenancy(t.database);
    for (const id of [companyA, companyB]) {
      await t.db.execute(sql`insert into companies (id, name) values (${id}, ${`Company ${id}`})`);
    }
  });
  afterAll(() => t?.close());

  const namesOf = (companyId: string) =>
    t.db
      .select({ name: bookings.name })
      .from(bookings)
      .where(sql`${bookings.companyId} = ${companyId}`);

  test('the read door refuses a write, and the write is not kept', async () => {
    const write = tenancy.read(companyA, (tx) => addBooking(tx, companyA, { date: '2026-06-15', time: '09:00' }));
    await expect(write).rejects.toEqual(READ_ONLY);
    expect(await namesOf(companyA)).toEqual([]);
    // The next write through the write door succeeds on the same connection.
    await tenancy.run(companyA, (tx) => addBooking(tx, companyA, { date: '2026-06-15', time: '09:00', name: 'Kept' }));
    expect(await namesOf(companyA)).toEqual([{ name: 'Kept' }]);
  });

  test('the read door reads the company it was opened for', async () => {
    const rows = await tenancy.read(companyA, (tx) =>
      queryRows<{ company: string }>(tx, sql`select current_setting('app.company_id') as company`),
    );
    expect(rows[0]?.company).toBe(companyA);
  });

  if (kind === 'pglite') {
    test('PGlite: a query outside a transaction waits for the open one, and sees it committed', async () => {
      let release = () => undefined as void;
      const gate = new Promise<void>((resolve) => (release = resolve));
      let inside!: () => void;
      const begun = new Promise<void>((resolve) => (inside = resolve));
      const writing = tenancy.run(companyB, async (tx) => {
        await addBooking(tx, companyB, { date: '2026-06-17', time: '08:00', name: 'Waited for' });
        inside();
        await gate;
      });
      await begun;
      let read: { name: string }[] | undefined;
      const reading = namesOf(companyB).then((rows) => (read = rows));
      await new Promise((resolve) => setTimeout(resolve, 50));
      expect(read).toBeUndefined();
      release();
      await writing;
      await reading;
      expect(read).toEqual([{ name: 'Waited for' }]);
      await t.db.delete(bookings).where(sql`${bookings.companyId} = ${companyB}`);
    });
  }

  test('a statement failing mid-pipeline rolls the request back; the next request on the connection is clean', async () => {
    const pidOf = (tx: Parameters<Parameters<Tenancy['run']>[1]>[0]) =>
      queryRows<{ pid: number }>(tx, sql`select pg_backend_pid() as pid`).then((rows) => rows[0]?.pid);
    let failedOn: number | undefined;
    const failing = tenancy.run(companyA, async (tx) => {
      failedOn = await pidOf(tx);
      await addBooking(tx, companyA, { date: '2026-06-16', time: '10:00', name: 'Rolled back' });
      // Three statements on the wire at once; the second fails, the third is refused with it.
      return Promise.all([
        queryRows(tx, sql`select 1 as before_the_failure`),
        queryRows(tx, sql`select ${bookings.pax} / 0 from ${bookings}`),
        queryRows(tx, sql`select 1 as after_the_failure`),
      ]);
    });
    await expect(failing).rejects.toThrow();
    const [next] = await tenancy.run(companyB, async (tx) =>
      queryRows<{ company: string; pid: number }>(
        tx,
        sql`select current_setting('app.company_id') as company, pg_backend_pid() as pid`,
      ),
    );
    expect(next?.company).toBe(companyB);
    expect(next?.pid).toBe(failedOn);
    expect(await namesOf(companyA)).toEqual([{ name: 'Kept' }]);
  });
});
