import { and, eq, ne, sql } from 'drizzle-orm';
import { formatInTimeZone } from 'date-fns-tz';
import fc from 'fast-check';
import { v7 as uuidv7 } from 'uuid';
import { encodeNameList, rangeInstants } from '../../src/domain/reports';
import type { Db } from '../../server/db/client';
import { bookings, companies, reportCounts } from '../../server/db/schema';
import { newBookingReference } from '../../server/modules/bookings/bookingReferences';
import { addBooking, createCompany, editBooking, SOURCES, TOURS, type CompanyFixture } from './fixtures';
import { bearer, describeEachDb, type TestApp } from './helpers';

const NOW = new Date('2026-06-15T10:00:00Z');
const ALL_SOURCES = [...SOURCES];
const ALL_TOURS = [...TOURS];

/** The report's total, as the report page answers it (from report_counts). */
async function total(
  t: TestApp,
  c: CompanyFixture,
  field: 'date' | 'createdAt',
  start: string,
  end: string,
  sources: string[] = ALL_SOURCES,
  tours: string[] = ALL_TOURS,
): Promise<number> {
  const res = await t.app.inject({
    url: `/api/bookings/reports/${field}/${start}/${end}/${encodeURIComponent(encodeNameList(sources))}/${encodeURIComponent(encodeNameList(tours))}?pageSize=1`,
    headers: bearer(c.manager.token),
  });
  expect(res.statusCode).toBe(200);
  return res.json<{ total: number }>().total;
}

/** The non-zero per-day counts of a company, as `field|day|source|tour` → n. */
async function storedCounts(db: Db, companyId: string): Promise<Record<string, number>> {
  const rows = await db
    .select()
    .from(reportCounts)
    .where(and(eq(reportCounts.companyId, companyId), ne(reportCounts.n, 0)));
  return Object.fromEntries(rows.map((r) => [`${r.field}|${r.day}|${r.source}|${r.tour}`, r.n]));
}

interface ModelBooking {
  id: string;
  date: string;
  source: string;
  tour: string;
  cancelled: boolean;
  createdAt: Date;
}

/** What report_counts must hold, computed in JavaScript from the bookings (creation days by date-fns-tz). */
function expectedCounts(model: Iterable<ModelBooking>, timezone: string): Record<string, number> {
  const counts: Record<string, number> = {};
  for (const b of model) {
    if (b.cancelled) continue;
    for (const key of [
      `date|${b.date}|${b.source}|${b.tour}`,
      `created|${formatInTimeZone(b.createdAt, timezone, 'yyyy-MM-dd')}|${b.source}|${b.tour}`,
    ]) {
      counts[key] = (counts[key] ?? 0) + 1;
    }
  }
  return counts;
}

// Instants next to the days' edges in Madrid and next to Santiago's DST changes at midnight.
const EDGES = ['2026-03-31T22:00:00.000Z', '2026-04-05T03:00:00.000Z', '2026-09-06T04:00:00.000Z'].map(Date.parse);
const createdAtArb = fc
  .tuple(fc.constantFrom(...EDGES), fc.integer({ min: -2 * 3_600_000, max: 2 * 3_600_000 }))
  .map(([edge, delta]) => new Date(edge + delta));
const changesArb = fc.record(
  {
    date: fc.constantFrom('2026-04-01', '2026-04-02', '2026-04-03'),
    source: fc.constantFrom(...SOURCES),
    tour: fc.constantFrom(...TOURS),
    cancelled: fc.boolean(),
    createdAt: createdAtArb,
  },
  { requiredKeys: [] },
);
const bookingArb = fc.record({
  date: fc.constantFrom('2026-04-01', '2026-04-02', '2026-04-03'),
  source: fc.constantFrom(...SOURCES),
  tour: fc.constantFrom(...TOURS),
  cancelled: fc.integer({ min: 0, max: 4 }).map((n) => n === 0),
  createdAt: createdAtArb,
});
const opArb = fc.oneof(
  fc.record({ kind: fc.constant('insert' as const), rows: fc.array(bookingArb, { minLength: 1, maxLength: 4 }) }),
  fc.record({ kind: fc.constant('update' as const), pick: fc.nat(), changes: changesArb }),
  fc.record({ kind: fc.constant('retour' as const), from: fc.constantFrom(...TOURS), to: fc.constantFrom(...TOURS) }),
  fc.record({ kind: fc.constant('delete' as const), pick: fc.nat() }),
  fc.record({
    kind: fc.constant('timezone' as const),
    timezone: fc.constantFrom('Europe/Madrid', 'America/Santiago', 'UTC', 'Asia/Kolkata'),
  }),
);

describeEachDb(
  'report totals from per-day counts',
  (ctx) => {
    it('stay right after a booking is added, moved to another day, tour or source, and cancelled', async () => {
      const t = ctx();
      const c = await createCompany(t.app, t.db);
      const added = await t.app.inject({
        method: 'POST',
        url: '/api/bookings/add-booking',
        headers: bearer(c.manager.token),
        payload: {
          name: 'Walk-in',
          customers: [{ Adults: 2 }],
          time: '11:45',
          tour: 'Old Town Walk',
          date: '2026-06-20',
        },
      });
      expect(added.statusCode).toBe(201);
      const { _id: id, createdAt } = added.json<{ _id: string; createdAt: string }>();
      const created = formatInTimeZone(createdAt, 'Europe/Madrid', 'yyyy-MM-dd');
      expect(await total(t, c, 'date', '2026-06-20', '2026-06-20')).toBe(1);
      expect(await total(t, c, 'createdAt', created, created)).toBe(1);

      let version = 1;
      const edit = async (changes: Record<string, unknown>) => {
        const res = await editBooking(
          t.app,
          c.manager.token,
          id,
          { source: 'Walkin', ...changes },
          {
            day: '2026-06-20',
            version,
          },
        );
        expect(res.statusCode).toBe(200);
        version += 1;
      };

      await edit({ date: '2026-06-21' });
      expect(await total(t, c, 'date', '2026-06-20', '2026-06-20')).toBe(0);
      expect(await total(t, c, 'date', '2026-06-21', '2026-06-21')).toBe(1);
      expect(await total(t, c, 'createdAt', created, created)).toBe(1);

      await edit({ date: '2026-06-21', tour: 'Hop-On Harbour Cruise' });
      expect(await total(t, c, 'date', '2026-06-01', '2026-06-30', ALL_SOURCES, ['Old Town Walk'])).toBe(0);
      expect(await total(t, c, 'date', '2026-06-01', '2026-06-30', ALL_SOURCES, ['Hop-On Harbour Cruise'])).toBe(1);

      await edit({ date: '2026-06-21', tour: 'Hop-On Harbour Cruise', source: 'Viator' });
      expect(await total(t, c, 'date', '2026-06-01', '2026-06-30', ['Walkin'])).toBe(0);
      expect(await total(t, c, 'createdAt', created, created, ['Viator'])).toBe(1);

      await edit({ date: '2026-06-21', tour: 'Hop-On Harbour Cruise', source: 'Viator', cancelled: true });
      expect(await total(t, c, 'date', '2026-06-01', '2026-06-30')).toBe(0);
      // Still a reservation made that day: the reservation report lists it as cancelled.
      expect(await total(t, c, 'createdAt', created, created)).toBe(1);
      expect(await total(t, c, 'createdAt', created, created, ['Walkin'])).toBe(0);
      expect(await storedCounts(t.db, c.companyId)).toEqual({});
    });

    it('equal a direct count of random bookings after random writes, and the instant range of rangeInstants', async () => {
      const t = ctx();
      const c = await createCompany(t.app, t.db);
      await fc.assert(
        fc.asyncProperty(fc.array(opArb, { minLength: 1, maxLength: 8 }), async (ops) => {
          await t.db.delete(bookings).where(eq(bookings.companyId, c.companyId));
          await t.db.update(companies).set({ timezone: 'Europe/Madrid' }).where(eq(companies.id, c.companyId));
          let timezone = 'Europe/Madrid';
          const model = new Map<string, ModelBooking>();
          const pick = (n: number) => [...model.values()][n % model.size];
          for (const op of ops) {
            if (op.kind === 'insert') {
              const rows = op.rows.map((r) => ({ ...r, id: uuidv7(), reference: newBookingReference() }));
              // One statement for all the rows: the insert trigger counts per statement.
              await t.db
                .insert(bookings)
                .values(rows.map((r) => ({ ...r, companyId: c.companyId, name: 'Guest', time: '10:00', pax: 1 })));
              for (const r of rows) model.set(r.id, r);
            } else if (op.kind === 'update' && model.size > 0) {
              const target = pick(op.pick) as ModelBooking;
              await t.db
                .update(bookings)
                .set(op.changes)
                .where(and(eq(bookings.companyId, c.companyId), eq(bookings.id, target.id)));
              model.set(target.id, { ...target, ...op.changes });
            } else if (op.kind === 'retour') {
              await t.db
                .update(bookings)
                .set({ tour: op.to })
                .where(and(eq(bookings.companyId, c.companyId), eq(bookings.tour, op.from)));
              for (const b of model.values()) if (b.tour === op.from) b.tour = op.to;
            } else if (op.kind === 'delete' && model.size > 0) {
              const target = pick(op.pick) as ModelBooking;
              await t.db.delete(bookings).where(and(eq(bookings.companyId, c.companyId), eq(bookings.id, target.id)));
              model.delete(target.id);
            } else if (op.kind === 'timezone') {
              await t.db.update(companies).set({ timezone: op.timezone }).where(eq(companies.id, c.companyId));
              timezone = op.timezone;
            }
          }
          expect(await storedCounts(t.db, c.companyId)).toEqual(expectedCounts(model.values(), timezone));
          for (const [start, end] of [
            ['2026-03-31', '2026-04-01'],
            ['2026-04-04', '2026-04-05'],
            ['2026-04-04', '2026-04-04'],
            ['2026-09-06', '2026-09-06'],
          ] as const) {
            const { from, to } = rangeInstants(start, end, timezone);
            // The reservation report lists cancelled bookings too.
            const made = [...model.values()];
            const inRange = made.filter((b) => b.createdAt >= from && b.createdAt <= to).length;
            expect(await total(t, c, 'createdAt', start, end)).toBe(inRange);
          }
          expect(await total(t, c, 'date', '2026-04-02', '2026-04-03')).toBe(
            [...model.values()].filter((b) => !b.cancelled && b.date >= '2026-04-02').length,
          );
        }),
        { numRuns: 12 },
      );
    });

    it('count whole days where a DST change skips or repeats midnight, as the listed rows do (America/Santiago)', async () => {
      const t = ctx();
      const c = await createCompany(t.app, t.db, { timezone: 'America/Santiago' });
      const made = {
        'Sep 5, 23:30 (-04)': '2026-09-06T03:30:00.000Z',
        'Sep 6, 01:00 (-03), its first minute': '2026-09-06T04:00:00.000Z',
        'Apr 4, 23:30 (-03)': '2026-04-05T02:30:00.000Z',
        'Apr 4, 23:30 again (-04)': '2026-04-05T03:30:00.000Z',
        'Apr 5, 00:00 (-04)': '2026-04-05T04:00:00.000Z',
      };
      for (const [name, createdAt] of Object.entries(made)) {
        await addBooking(t.db, c.companyId, {
          date: '2026-10-01',
          time: '10:00',
          name,
          createdAt: new Date(createdAt),
        });
      }
      const listed = async (day: string) => {
        const res = await t.app.inject({
          url: `/api/bookings/reports/createdAt/${day}/${day}/${encodeURIComponent(encodeNameList(ALL_SOURCES))}/${encodeURIComponent(encodeNameList(ALL_TOURS))}`,
          headers: bearer(c.manager.token),
        });
        return res.json<{ rows: Array<{ name: string }>; total: number }>();
      };
      const sep6 = await listed('2026-09-06');
      expect(sep6.rows.map((r) => r.name)).toEqual(['Sep 6, 01:00 (-03), its first minute']);
      expect(sep6.total).toBe(1);
      const apr4 = await listed('2026-04-04');
      expect(apr4.rows.map((r) => r.name)).toEqual(['Apr 4, 23:30 (-03)', 'Apr 4, 23:30 again (-04)']);
      expect(apr4.total).toBe(2);
      expect(await total(t, c, 'createdAt', '2026-04-05', '2026-09-05')).toBe(2);
    });

    it('are written by the restricted role for its own company only', async () => {
      const t = ctx();
      const c = await createCompany(t.app, t.db);
      const other = await createCompany(t.app, t.db);
      const id = uuidv7();
      const booking = { id, name: 'Guest', date: '2026-06-20', time: '10:00', tour: 'Old Town Walk', pax: 1 };
      const reference = () => newBookingReference();
      const asApp = <T>(companyId: string, fn: (tx: Db) => Promise<T>) =>
        t.db.transaction(async (tx) => {
          await tx.execute(sql`set local role tourdesk_app`);
          await tx.execute(sql`select set_config('app.company_id', ${companyId}, true)`);
          return fn(tx as unknown as Db);
        });
      await asApp(c.companyId, async (tx) => {
        await tx
          .insert(bookings)
          .values({ ...booking, reference: reference(), companyId: c.companyId, source: 'Walkin', createdAt: NOW });
        await tx.update(bookings).set({ source: 'Viator' }).where(eq(bookings.id, id));
      });
      expect(await storedCounts(t.db, c.companyId)).toEqual({
        'date|2026-06-20|Viator|Old Town Walk': 1,
        'created|2026-06-15|Viator|Old Town Walk': 1,
      });
      await expect(
        asApp(c.companyId, (tx) =>
          tx
            .insert(bookings)
            .values({ ...booking, id: uuidv7(), reference: reference(), companyId: other.companyId, source: 'Walkin' }),
        ),
      ).rejects.toThrow();
      await asApp(c.companyId, (tx) => tx.delete(bookings).where(eq(bookings.id, id)));
      expect(await storedCounts(t.db, c.companyId)).toEqual({});
      expect(await storedCounts(t.db, other.companyId)).toEqual({});
    });

    it('go with their company when it is deleted', async () => {
      const t = ctx();
      const c = await createCompany(t.app, t.db);
      await addBooking(t.db, c.companyId, { date: '2026-06-20', time: '10:00' });
      expect(Object.keys(await storedCounts(t.db, c.companyId))).toHaveLength(2);
      await t.db.delete(companies).where(eq(companies.id, c.companyId));
      const left = await t.db.select().from(reportCounts).where(eq(reportCounts.companyId, c.companyId));
      expect(left).toEqual([]);
    });
  },
  { now: () => NOW },
);
