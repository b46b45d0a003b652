import { eq, sql } from 'drizzle-orm';
import { Pool } from 'pg';
import { bookings, companies, events } from '../../server/db/schema';
import { addBooking, createCompany, editBooking, type CompanyFixture } from './fixtures';
import { waitFor } from './serverProcess';
import { bearer, createTestApp, DB_KINDS, describeEachDb, type TestApp } from './helpers';

// 10:05 in Madrid: the 10:00 slot is open to its Guide.
const NOW = new Date('2026-06-15T08:05:00Z');
const DAY = '2026-06-15';
const at = (hhmm: string) => `${DAY}T${hhmm}:00+02:00`;

function checkIn(t: TestApp, token: string, id: string, body: Record<string, unknown>, key?: string) {
  const headers = { ...bearer(token), ...(key ? { 'idempotency-key': `"${key}"` } : {}) };
  return t.app.inject({ method: 'PATCH', url: `/api/bookings/${id}`, headers, payload: body });
}

async function stored(t: TestApp, id: string) {
  const [row] = await t.db.select().from(bookings).where(eq(bookings.id, id));
  return { Adults: row?.attendedAdults, Teens: row?.attendedTeens };
}

const eventsOf = (t: TestApp, id: string) =>
  t.db
    .select()
    .from(events)
    .where(sql`${id} = any(${events.bookingIds})`);

describeEachDb(
  'check-ins sent again and made offline',
  (ctx) => {
    let c: CompanyFixture;
    const party = async (adults = 3, teens = 2) =>
      (await addBooking(ctx().db, c.companyId, { date: DAY, time: '10:00', adults, teens })).id;
    beforeAll(async () => {
      c = await createCompany(ctx().app, ctx().db);
    });

    it('applies a key once: its retry answers the stored answer and undoes nothing done since', async () => {
      const t = ctx();
      const id = await party();
      const body = { attendees: [{ Adults: 3 }, { Teens: 2 }] };
      const first = await checkIn(t, c.guide.token, id, body, 'op-1');
      expect(first.statusCode).toBe(200);
      expect((await checkIn(t, c.manager.token, id, { attendees: [{ Adults: 1 }, { Teens: 2 }] })).statusCode).toBe(
        200,
      );
      const retry = await checkIn(t, c.guide.token, id, body, 'op-1');
      expect(retry.statusCode).toBe(200);
      expect(retry.json()).toEqual(first.json());
      expect(await stored(t, id)).toEqual({ Adults: 1, Teens: 2 });
      const logged = await eventsOf(t, id);
      expect(logged.filter((e) => e.operationId === 'op-1')).toHaveLength(1);
      expect(logged).toHaveLength(2);
    });

    it('answers a retry as the caller may see it now: a phone or source hidden since, a slot moved out of reach', async () => {
      const t = ctx();
      const own = await createCompany(t.app, t.db, { display: true, showPhoneToGuides: true });
      const id = (await addBooking(t.db, own.companyId, { date: DAY, time: '10:00', adults: 3 })).id;
      const body = { attendees: [{ Adults: 2 }], madeAt: at('10:04') };
      const first = await checkIn(t, own.guide.token, id, body, 'op-rules');
      expect(first.statusCode).toBe(200);
      expect(first.json()).toMatchObject({ phone: '+34 600 000 000', source: 'Viator' });

      await t.db
        .update(companies)
        .set({ showPhoneToGuides: false, display: false })
        .where(eq(companies.id, own.companyId));
      const hidden = await checkIn(t, own.guide.token, id, body, 'op-rules');
      expect(hidden.statusCode).toBe(200);
      expect(hidden.json()).toMatchObject({ _id: id, attendees: [{ Adults: 2 }], version: 2 });
      expect(hidden.json()).not.toHaveProperty('phone');
      expect(hidden.json()).not.toHaveProperty('source');
      expect(hidden.body).not.toContain('600 000');
      // Shown again: a fresh read would show it, and so does the retry.
      await t.db.update(companies).set({ showPhoneToGuides: true }).where(eq(companies.id, own.companyId));
      expect((await checkIn(t, own.guide.token, id, body, 'op-rules')).json()).toMatchObject({
        phone: '+34 600 000 000',
      });

      const moved = await editBooking(
        t.app,
        own.manager.token,
        id,
        { time: '18:00', customers: [{ Adults: 3 }] },
        {
          day: DAY,
          version: 2,
        },
      );
      expect(moved.statusCode).toBe(200);
      const outOfReach = await checkIn(t, own.guide.token, id, body, 'op-rules');
      expect([outOfReach.statusCode, outOfReach.json().code]).toEqual([403, 'SLOT_HIDDEN']);
      expect(outOfReach.body).not.toContain('18:00');
      expect(await stored(t, id)).toEqual({ Adults: 2, Teens: 0 });
    });

    it('refuses the same key with another body (422), and keeps keys per member and company', async () => {
      const t = ctx();
      const id = await party();
      expect((await checkIn(t, c.guide.token, id, { attendees: [{ Adults: 1 }] }, 'op-2')).statusCode).toBe(200);
      const other = await checkIn(t, c.guide.token, id, { attendees: [{ Adults: 2 }] }, 'op-2');
      expect(other.statusCode).toBe(422);
      expect(other.json()).toMatchObject({ code: 'IDEMPOTENCY_KEY_REUSED' });
      expect(await stored(t, id)).toEqual({ Adults: 1, Teens: 0 });
      // The same key from another member is another operation.
      expect((await checkIn(t, c.manager.token, id, { attendees: [{ Adults: 2 }] }, 'op-2')).statusCode).toBe(200);
      expect(await stored(t, id)).toEqual({ Adults: 2, Teens: 0 });
      const elsewhere = await createCompany(t.app, t.db);
      const theirs = (await addBooking(t.db, elsewhere.companyId, { date: DAY, time: '10:00' })).id;
      expect(
        (await checkIn(t, elsewhere.manager.token, theirs, { attendees: [{ Adults: 1 }] }, 'op-2')).statusCode,
      ).toBe(200);
    });

    it('keeps per type what another device checked in since the counts a check-in was based on', async () => {
      const t = ctx();
      const id = await party();
      await checkIn(t, c.manager.token, id, { attendees: [{ Adults: 2 }, { Teens: 0 }] });
      const offline = {
        attendees: [{ Adults: 3 }, { Teens: 2 }],
        base: [{ Adults: 0 }, { Teens: 0 }],
        madeAt: at('10:01'),
      };
      const res = await checkIn(t, c.guide.token, id, offline, 'op-3');
      expect(res.statusCode).toBe(409);
      expect(res.json()).toMatchObject({
        code: 'CHECK_IN_CONFLICT',
        current: { attendees: [{ Adults: 2 }, { Teens: 2 }] },
        conflicts: [{ type: 'Adults', base: 0, yours: 3, theirs: 2, by: c.managerName }],
      });
      expect(await stored(t, id)).toEqual({ Adults: 2, Teens: 2 });
      // The retry of that operation answers the same conflict; "use your 3" is a new one based on what is there now.
      expect((await checkIn(t, c.guide.token, id, offline, 'op-3')).json()).toEqual(res.json());
      const useMine = {
        attendees: [{ Adults: 3 }, { Teens: 2 }],
        base: [{ Adults: 2 }, { Teens: 2 }],
        madeAt: at('10:04'),
      };
      expect((await checkIn(t, c.guide.token, id, useMine, 'op-4')).statusCode).toBe(200);
      expect(await stored(t, id)).toEqual({ Adults: 3, Teens: 2 });
    });

    it('succeeds without a change or an event when the server already has the new counts', async () => {
      const t = ctx();
      const id = await party();
      await checkIn(t, c.manager.token, id, { attendees: [{ Adults: 3 }, { Teens: 1 }] });
      const logged = (await eventsOf(t, id)).length;
      const same = {
        attendees: [{ Adults: 3 }, { Teens: 1 }],
        base: [{ Adults: 0 }, { Teens: 0 }],
        madeAt: at('10:02'),
      };
      const res = await checkIn(t, c.guide.token, id, same, 'op-5');
      expect(res.statusCode).toBe(200);
      expect(await eventsOf(t, id)).toHaveLength(logged);
    });

    it('writes nothing and records no event when every type it changes is in conflict', async () => {
      const t = ctx();
      const id = await party();
      await checkIn(t, c.manager.token, id, { attendees: [{ Adults: 2 }, { Teens: 0 }] });
      const logged = (await eventsOf(t, id)).length;
      const [before] = await t.db.select().from(bookings).where(eq(bookings.id, id));
      const offline = {
        attendees: [{ Adults: 3 }, { Teens: 0 }],
        base: [{ Adults: 0 }, { Teens: 0 }],
        madeAt: at('10:03'),
      };
      const res = await checkIn(t, c.guide.token, id, offline, 'op-6');
      expect(res.statusCode).toBe(409);
      expect(res.json()).toMatchObject({ conflicts: [{ type: 'Adults', yours: 3, theirs: 2 }] });
      // The other device's check-in stays the last one the history shows, credited to whoever made it.
      expect(await eventsOf(t, id)).toHaveLength(logged);
      const [after] = await t.db.select().from(bookings).where(eq(bookings.id, id));
      expect(after?.version).toBe(before?.version);
    });
  },
  { now: () => NOW },
);

// 10:40: the 10:00 slot locked for Guides at 10:30.
describeEachDb(
  'the lock, judged at the time the check-in was made on the device',
  (ctx) => {
    it('takes a check-in made before the lock, refuses one made after it, and a device time out of bounds', async () => {
      const t = ctx();
      const c = await createCompany(t.app, t.db);
      const id = (await addBooking(t.db, c.companyId, { date: DAY, time: '10:00', adults: 4 })).id;
      const body = (madeAt: string, adults: number) => ({ attendees: [{ Adults: adults }], madeAt });
      expect((await checkIn(t, c.guide.token, id, body(at('10:20'), 2))).statusCode).toBe(200);
      const [event] = await eventsOf(t, id);
      expect(event?.after).toMatchObject({ Adults: 2, 'Made at': at('10:20') });
      const late = await checkIn(t, c.guide.token, id, body(at('10:35'), 3));
      expect([late.statusCode, late.json().code]).toEqual([403, 'SLOT_LOCKED']);
      const ahead = await checkIn(t, c.guide.token, id, body(at('10:50'), 3));
      expect([ahead.statusCode, ahead.json().error]).toEqual([400, expect.stringMatching(/^madeAt: /)]);
      const stale = await checkIn(t, c.guide.token, id, body('2026-06-14T20:00:00+02:00', 3));
      expect(stale.statusCode).toBe(400);
      expect(await stored(t, id)).toEqual({ Adults: 2, Teens: 0 });
    });
  },
  { now: () => new Date('2026-06-15T08:40:00Z') },
);

if (DB_KINDS.includes('postgres')) {
  describe('a key still in flight [postgres]', () => {
    let t: TestApp;
    beforeAll(async () => {
      t = await createTestApp('postgres', {}, { now: () => NOW });
    });
    afterAll(async () => {
      await t?.close();
    });

    it('answers 409 to a retry sent while the first attempt still runs, then the stored answer', async () => {
      const c = await createCompany(t.app, t.db);
      const id = (await addBooking(t.db, c.companyId, { date: DAY, time: '10:00', adults: 4 })).id;
      // Another session holds the booking's row, so the first attempt waits inside its transaction.
      const holder = new Pool({ connectionString: t.databaseUrl, max: 1 });
      const client = await holder.connect();
      try {
        await client.query('begin');
        await client.query('select 1 from bookings where id = $1 for update', [id]);
        const body = { attendees: [{ Adults: 2 }] };
        const first = checkIn(t, c.guide.token, id, body, 'op-flight');
        const advisoryLocks = async () =>
          (await client.query(`select count(*)::int as n from pg_locks where locktype = 'advisory'`)).rows[0].n;
        await waitFor('the first attempt to claim its key', async () => (await advisoryLocks()) > 0);
        const retry = await checkIn(t, c.guide.token, id, body, 'op-flight');
        expect([retry.statusCode, retry.json().code]).toEqual([409, 'IDEMPOTENCY_IN_FLIGHT']);
        await client.query('commit');
        expect((await first).statusCode).toBe(200);
        expect((await checkIn(t, c.guide.token, id, body, 'op-flight')).json()).toEqual((await first).json());
      } finally {
        client.release();
        await holder.end();
      }
    });
  });
}
