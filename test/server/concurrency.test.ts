import { eq, inArray } from 'drizzle-orm';
import { bookings } from '../../server/db/schema';
import type { Booking } from '../../src/domain/booking';
import { addBooking, createCompany, editBooking, TOURS } from './fixtures';
import { bearer, describeEachDb, type TestApp } from './helpers';

const NOW = new Date('2026-06-15T10:00:00Z'); // 12:00 in Madrid
const DAY = '2026-06-15';
/** Enough pairs that the interleavings differ between them, on a single-connection database too. */
const PAIRS = 8;

type Counts = { Adults?: number; Teens?: number; Children?: number };

const checkIn = (t: TestApp, token: string, id: string, attendees: Counts[]) =>
  t.app.inject({ method: 'PATCH', url: `/api/bookings/${id}`, headers: bearer(token), payload: { attendees } });

const edit = (t: TestApp, token: string, id: string, version: number, changes: Record<string, unknown>) =>
  editBooking(t.app, token, id, changes, { day: DAY, version });

/** A company with PAIRS bookings of 4 adults in a slot its Guide may still change. */
async function companyWithBookings(t: TestApp) {
  const c = await createCompany(t.app, t.db);
  const rows = await Promise.all(
    Array.from({ length: PAIRS }, () => addBooking(t.db, c.companyId, { date: DAY, time: '11:45', adults: 4 })),
  );
  return { c, ids: rows.map((row) => row.id) };
}

async function storedRows(t: TestApp, ids: string[]) {
  const rows = await t.db.select().from(bookings).where(inArray(bookings.id, ids));
  return new Map(rows.map((row) => [row.id, row]));
}

/** Runs the tasks with at most `limit` in flight, answering their results in task order. */
async function inParallel<T>(tasks: Array<() => Promise<T>>, limit: number): Promise<T[]> {
  const results: T[] = new Array(tasks.length);
  let next = 0;
  const worker = async () => {
    while (next < tasks.length) {
      const index = next++;
      results[index] = await (tasks[index] as () => Promise<T>)();
    }
  };
  await Promise.all(Array.from({ length: limit }, worker));
  return results;
}

/** A fixed shuffle, so a failure replays the same order. */
function shuffled<T>(items: T[], seed = 7): T[] {
  const out = [...items];
  let state = seed;
  for (let i = out.length - 1; i > 0; i--) {
    state = (state * 1103515245 + 12345) % 2 ** 31;
    const j = state % (i + 1);
    [out[i], out[j]] = [out[j] as T, out[i] as T];
  }
  return out;
}

describeEachDb(
  'concurrent writes',
  (ctx) => {
    it('two check-ins of the same booking at once leave one consistent result', async () => {
      const t = ctx();
      const c = await createCompany(t.app, t.db);
      const rows = await Promise.all(
        Array.from({ length: PAIRS }, () =>
          addBooking(t.db, c.companyId, { date: DAY, time: '11:45', adults: 4, children: 2 }),
        ),
      );
      const ids = rows.map((row) => row.id);
      const first: Counts[] = [{ Adults: 3 }, { Children: 0 }];
      const second: Counts[] = [{ Adults: 1 }, { Children: 2 }];
      const responses = await Promise.all(
        ids.map((id) => Promise.all([checkIn(t, c.manager.token, id, first), checkIn(t, c.guide.token, id, second)])),
      );
      const stored = await storedRows(t, ids);
      for (const [index, id] of ids.entries()) {
        const pair = responses[index] ?? [];
        const row = stored.get(id);
        if (!row) throw new Error(`booking ${id} is gone`);
        for (const res of pair) expect([200, 409]).toContain(res.statusCode);
        const ok = pair.filter((res) => res.statusCode === 200).map((res) => res.json<Booking>());
        expect(ok.length).toBeGreaterThanOrEqual(1);
        // Every acknowledged check-in advanced the version by one, and no two share a version.
        expect(row.version).toBe(1 + ok.length);
        expect(new Set(ok.map((b) => b.version)).size).toBe(ok.length);
        expect(row.attendedAdults).toBeLessThanOrEqual(row.adults);
        expect(row.attendedChildren).toBeLessThanOrEqual(row.children);
        // The last acknowledged answer is what is stored.
        const last = ok.reduce((a, b) => (b.version > a.version ? b : a));
        expect(last.version).toBe(row.version);
        expect(last.attendees).toEqual([{ Adults: row.attendedAdults }, { Children: row.attendedChildren }]);
        expect([first, second].map((a) => JSON.stringify(a))).toContain(JSON.stringify(last.attendees));
      }
    });

    it('a check-in racing an edit that lowers the count never records more attended than booked', async () => {
      const t = ctx();
      const { c, ids } = await companyWithBookings(t);
      const responses = await Promise.all(
        ids.map((id, index) => {
          const doCheckIn = () => checkIn(t, c.guide.token, id, [{ Adults: 4 }]);
          const doEdit = () => edit(t, c.manager.token, id, 1, { customers: [{ Adults: 2 }] });
          // Half the pairs start with the edit, half with the check-in.
          return index % 2
            ? Promise.all([doCheckIn(), doEdit()])
            : Promise.all([doEdit(), doCheckIn()]).then(([e, ci]) => [ci, e] as const);
        }),
      );
      const stored = await storedRows(t, ids);
      for (const [index, id] of ids.entries()) {
        const [checkInRes, editRes] = responses[index] ?? [];
        const row = stored.get(id);
        if (!row || !checkInRes || !editRes) throw new Error(`pair ${index} incomplete`);
        expect(row.attendedAdults).toBeLessThanOrEqual(row.adults);
        expect([200, 400, 409]).toContain(checkInRes.statusCode);
        if (checkInRes.statusCode === 400) expect(checkInRes.json().code).toBe('ATTENDEES_OVER_BOOKED');
        expect([200, 409]).toContain(editRes.statusCode);
        if (editRes.statusCode === 409) expect(editRes.json().code).toBe('STALE_BOOKING');
        const acknowledged = [checkInRes, editRes].filter((res) => res.statusCode === 200);
        expect(row.version).toBe(1 + acknowledged.length);
        for (const res of acknowledged) {
          const booking = res.json<Booking>();
          expect(booking.attendees[0]?.Adults ?? 0).toBeLessThanOrEqual(booking.customers[0]?.Adults ?? 0);
        }
      }
    });

    it('two edits from the same stale copy: exactly one succeeds, the other answers 409 STALE_BOOKING', async () => {
      const t = ctx();
      const { c, ids } = await companyWithBookings(t);
      const responses = await Promise.all(
        ids.map((id) =>
          Promise.all([
            edit(t, c.manager.token, id, 1, { customers: [{ Adults: 3 }], name: 'First Editor' }),
            edit(t, c.manager.token, id, 1, { customers: [{ Adults: 5 }], name: 'Second Editor' }),
          ]),
        ),
      );
      const stored = await storedRows(t, ids);
      for (const [index, id] of ids.entries()) {
        const pair = responses[index] ?? [];
        const statuses = pair.map((res) => res.statusCode).sort();
        expect(statuses).toEqual([200, 409]);
        const winner = pair.find((res) => res.statusCode === 200)?.json<Booking>();
        const loser = pair.find((res) => res.statusCode === 409)?.json();
        expect(loser).toMatchObject({ code: 'STALE_BOOKING', current: { version: 2, name: winner?.name } });
        const row = stored.get(id);
        expect(row).toMatchObject({ version: 2, name: winner?.name, pax: winner?.pax });
      }
    });

    it('adding and cancelling under parallel load loses nothing (200 operations, 20 at a time)', async () => {
      const t = ctx();
      const c = await createCompany(t.app, t.db);
      const slots: Array<{ time: string; tour: string }> = [
        { time: '11:45', tour: TOURS[0] },
        { time: '12:00', tour: TOURS[0] },
        { time: '12:00', tour: TOURS[1] },
      ];
      const seeded = await Promise.all(
        Array.from({ length: 60 }, (_, i) => {
          const slot = slots[i % slots.length] as (typeof slots)[number];
          return addBooking(t.db, c.companyId, { date: DAY, ...slot, name: `Seeded ${i}`, adults: 1 + (i % 3) });
        }),
      );
      type Op =
        | { kind: 'add'; name: string; slot: (typeof slots)[number]; adults: number; children: number }
        | { kind: 'cancel'; id: string; slot: (typeof slots)[number]; adults: number };
      const ops: Op[] = [
        ...Array.from({ length: 140 }, (_, i) => ({
          kind: 'add' as const,
          name: `Walk-in ${i}`,
          slot: slots[i % slots.length] as (typeof slots)[number],
          adults: 1 + (i % 4),
          children: i % 3,
        })),
        ...seeded.map((row) => ({
          kind: 'cancel' as const,
          id: row.id,
          slot: { time: row.time, tour: row.tour },
          adults: row.adults,
        })),
      ];
      const order = shuffled(ops);
      const results = await inParallel(
        order.map((op) => () => {
          if (op.kind === 'cancel') {
            return edit(t, c.manager.token, op.id, 1, {
              ...op.slot,
              customers: [{ Adults: op.adults }],
              cancelled: true,
            });
          }
          return t.app.inject({
            method: 'POST',
            url: '/api/bookings/add-booking',
            headers: bearer(c.manager.token),
            payload: {
              name: op.name,
              customers: [{ Adults: op.adults }, { Children: op.children }],
              date: DAY,
              ...op.slot,
            },
          });
        }),
        20,
      );

      const added = new Map<string, Booking>();
      const cancelled: string[] = [];
      for (const [index, op] of order.entries()) {
        const res = results[index];
        if (op.kind === 'add') {
          expect(res?.statusCode).toBe(201);
          added.set(op.name, res?.json<Booking>() as Booking);
        } else {
          expect(res?.statusCode).toBe(200);
          cancelled.push(op.id);
        }
      }
      expect(added.size).toBe(140);
      expect(cancelled).toHaveLength(60);

      const rows = await t.db.select().from(bookings).where(eq(bookings.companyId, c.companyId));
      expect(rows).toHaveLength(60 + 140);
      for (const [name, booking] of added) {
        const matching = rows.filter((row) => row.name === name);
        expect(matching.map((row) => row.id)).toEqual([booking._id]);
        expect(matching[0]?.pax).toBe(booking.pax);
      }
      const cancelledIds = new Set(rows.filter((row) => row.cancelled).map((row) => row.id));
      expect(cancelledIds).toEqual(new Set(cancelled));

      const nearby = await t.app.inject({
        url: `/api/bookings/nearbytours/${DAY}/11:30/12:15`,
        headers: bearer(c.manager.token),
      });
      for (const slot of slots) {
        const expected = [...added.values()]
          .filter((b) => b.time === slot.time && b.tour === slot.tour)
          .reduce((sum, b) => sum + b.pax, 0);
        const slotRes = await t.app.inject({
          url: `/api/bookings/date/${DAY}/${slot.time}/${encodeURIComponent(slot.tour)}`,
          headers: bearer(c.manager.token),
        });
        const listed = slotRes.json<{ bookings: Booking[] }>().bookings;
        const sumOfRows = listed.filter((b) => !b.cancelled).reduce((sum, b) => sum + b.pax, 0);
        const total = nearby
          .json<Array<{ time: string; tour: string; pax: number }>>()
          .find((s) => s.time === slot.time && s.tour === slot.tour);
        expect(sumOfRows).toBe(expected);
        expect(total?.pax).toBe(expected);
      }
    });
  },
  { now: () => NOW },
);
