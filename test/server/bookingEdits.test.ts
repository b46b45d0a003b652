import { eq } from 'drizzle-orm';
import { bookings, tours } from '../../server/db/schema';
import { addBooking, createCompany, editBooking } from './fixtures';
import { bearer, describeEachDb, type TestApp } from './helpers';

const NOW = new Date('2026-06-15T10:00:00Z'); // 12:00 in Madrid
const DAY = '2026-06-15';

const edit = (t: TestApp, token: string, id: string, changes: Record<string, unknown>, version = 1, extra = {}) =>
  editBooking(t.app, token, id, changes, { day: DAY, version, extra });

const add = (t: TestApp, token: string, body: Record<string, unknown>) =>
  t.app.inject({
    method: 'POST',
    url: '/api/bookings/add-booking',
    headers: bearer(token),
    payload: {
      name: 'Walk-in Family',
      customers: [{ Adults: 2 }, { Children: 1 }],
      time: '11:45',
      tour: 'Old Town Walk',
      date: DAY,
      ...body,
    },
  });

describeEachDb(
  'booking edits',
  (ctx) => {
    describe('PATCH /api/bookings/edit/:id', () => {
      it('applies an edit, recomputes pax and records who changed what', async () => {
        const t = ctx();
        const c = await createCompany(t.app, t.db);
        const booking = await addBooking(t.db, c.companyId, { date: DAY, time: '11:45' });
        const res = await edit(t, c.manager.token, booking.id, {
          customers: [{ Adults: 3 }, { Children: 2 }],
          time: '12:30',
          modifiedBy: 'forged@evil.test',
          differences: 'forged',
        });
        expect(res.statusCode).toBe(200);
        expect(res.json()).toMatchObject({
          customers: [{ Adults: 3 }, { Children: 2 }],
          pax: 5,
          time: '12:30',
          modifiedBy: c.manager.user.email,
          version: 2,
        });
        expect(res.json().differences).toBe('Adults: 2 → 3; Children: 0 → 2; Time: 11:45 → 12:30');
      });

      it('refuses an edit based on a stale copy with 409 and the current booking', async () => {
        const t = ctx();
        const c = await createCompany(t.app, t.db);
        const booking = await addBooking(t.db, c.companyId, { date: DAY, time: '11:45' });
        expect((await edit(t, c.manager.token, booking.id, { customers: [{ Adults: 3 }] })).statusCode).toBe(200);
        const stale = await edit(t, c.manager.token, booking.id, { customers: [{ Adults: 4 }] }, 1);
        expect(stale.statusCode).toBe(409);
        expect(stale.json()).toMatchObject({ code: 'STALE_BOOKING', current: { version: 2, pax: 3 } });
      });

      it('lets only manual bookings change source, and only to a company source', async () => {
        const t = ctx();
        const c = await createCompany(t.app, t.db);
        const channel = await addBooking(t.db, c.companyId, { date: DAY, time: '11:45' });
        const refused = await edit(t, c.manager.token, channel.id, { source: 'Walkin' });
        expect(refused.statusCode).toBe(400);
        expect(refused.json().code).toBe('SOURCE_LOCKED');
        const manual = await addBooking(t.db, c.companyId, {
          date: DAY,
          time: '11:45',
          manual: true,
          bookingId: 'Manually added',
          source: 'Walkin',
        });
        const ok = await edit(t, c.manager.token, manual.id, { source: 'Manual' });
        expect(ok.json().source).toBe('Manual');
        const unknown = await edit(t, c.manager.token, manual.id, { source: 'Carrier pigeon' }, 2);
        expect(unknown.json().code).toBe('UNKNOWN_SOURCE');
      });

      it('refuses counts outside 0–15 and unknown fields', async () => {
        const t = ctx();
        const c = await createCompany(t.app, t.db);
        const booking = await addBooking(t.db, c.companyId, { date: DAY, time: '11:45' });
        expect((await edit(t, c.manager.token, booking.id, { customers: [{ Adults: 16 }] })).statusCode).toBe(400);
        expect((await edit(t, c.manager.token, booking.id, { customers: [{ Adults: -1 }] })).statusCode).toBe(400);
        const extra = await edit(t, c.manager.token, booking.id, {}, 1, { role: 'Manager' });
        expect(extra.statusCode).toBe(400);
        const [row] = await t.db.select().from(bookings).where(eq(bookings.id, booking.id));
        expect(row?.version).toBe(1);
      });

      it('makes cancelling final', async () => {
        const t = ctx();
        const c = await createCompany(t.app, t.db);
        const booking = await addBooking(t.db, c.companyId, { date: DAY, time: '11:45' });
        const cancelled = await edit(t, c.manager.token, booking.id, { cancelled: true });
        expect(cancelled.json()).toMatchObject({ cancelled: true, differences: 'Cancelled' });
        const undo = await edit(t, c.manager.token, booking.id, { cancelled: false }, 2);
        expect(undo.statusCode).toBe(409);
        expect(undo.json().code).toBe('BOOKING_CANCELLED');
        const checkIn = await t.app.inject({
          method: 'PATCH',
          url: `/api/bookings/${booking.id}`,
          headers: bearer(c.manager.token),
          payload: { attendees: [{ Adults: 1 }] },
        });
        expect(checkIn.statusCode).toBe(409);
      });

      it('keeps a Guide out of locked slots, also as a destination', async () => {
        const t = ctx();
        const c = await createCompany(t.app, t.db);
        const locked = await addBooking(t.db, c.companyId, { date: DAY, time: '11:00' });
        expect(
          (await edit(t, c.guide.token, locked.id, { time: '11:00', customers: [{ Adults: 1 }] })).statusCode,
        ).toBe(403);
        const open = await addBooking(t.db, c.companyId, { date: DAY, time: '11:45' });
        const intoLocked = await edit(t, c.guide.token, open.id, { time: '11:00' });
        expect(intoLocked.statusCode).toBe(403);
        expect((await edit(t, c.guide.token, open.id, { customers: [{ Adults: 1 }] })).statusCode).toBe(200);
      });

      it('ignores a phone from a role the company hides phones from', async () => {
        const t = ctx();
        const c = await createCompany(t.app, t.db, { showPhoneToGuides: false });
        const booking = await addBooking(t.db, c.companyId, { date: DAY, time: '11:45' });
        const res = await edit(t, c.guide.token, booking.id, { phone: '+44 7000 000000', customers: [{ Adults: 1 }] });
        expect(res.statusCode).toBe(200);
        const [row] = await t.db.select().from(bookings).where(eq(bookings.id, booking.id));
        expect(row?.phone).toBe('+34 600 000 000');
      });

      it('answers another company’s booking with 404', async () => {
        const t = ctx();
        const c = await createCompany(t.app, t.db);
        const other = await createCompany(t.app, t.db);
        const booking = await addBooking(t.db, c.companyId, { date: DAY, time: '11:45' });
        expect((await edit(t, other.manager.token, booking.id, { customers: [{ Adults: 9 }] })).statusCode).toBe(404);
      });
    });

    it('changes "5 adults" into "4 adults + 1 child"', async () => {
      const t = ctx();
      const c = await createCompany(t.app, t.db);
      const booking = await addBooking(t.db, c.companyId, { date: DAY, time: '11:45', adults: 5, children: 0 });
      const res = await edit(t, c.manager.token, booking.id, {
        customers: [{ Adults: 4 }, { Teens: 0 }, { Children: 1 }],
      });
      expect(res.statusCode).toBe(200);
      expect(res.json()).toMatchObject({ customers: [{ Adults: 4 }, { Children: 1 }], pax: 5 });
    });

    describe('POST /api/bookings/add-booking', () => {
      it('adds a manual walk-in with Walkin as the default source', async () => {
        const t = ctx();
        const c = await createCompany(t.app, t.db);
        const res = await add(t, c.guide.token, { phone: '600 123 456', company: 'someone-else', source: undefined });
        expect(res.statusCode).toBe(201);
        expect(res.json()).toMatchObject({
          bookingId: 'Manually added',
          manual: true,
          source: 'Walkin',
          pax: 3,
          customers: [{ Adults: 2 }, { Children: 1 }],
          attendees: [{ Adults: 0 }, { Children: 0 }],
          company: c.companyId,
        });
      });

      it.each([
        ['no adults', { customers: [{ Adults: 0 }] }],
        ['26 adults', { customers: [{ Adults: 26 }] }],
        ['16 children', { customers: [{ Adults: 1 }, { Children: 16 }] }],
        ['an empty name', { name: '   ' }],
        ['a bad phone', { phone: 'call me maybe' }],
        ['a bad time', { time: '25:00' }],
        ['an unknown field', { role: 'Manager' }],
      ])('refuses %s with 400', async (_label, body) => {
        const t = ctx();
        const c = await createCompany(t.app, t.db);
        const res = await add(t, c.manager.token, body);
        expect(res.statusCode).toBe(400);
      });

      it('says "A valid value is required" for a bad phone', async () => {
        const t = ctx();
        const c = await createCompany(t.app, t.db);
        const res = await add(t, c.manager.token, { phone: '12' });
        expect(res.json().error).toContain('A valid value is required');
      });

      it('adds a walk-in checked in as it is created: its attendees equal its customers', async () => {
        const t = ctx();
        const c = await createCompany(t.app, t.db);
        const res = await add(t, c.guide.token, { attendees: [{ Adults: 2 }, { Children: 1 }] });
        expect(res.statusCode).toBe(201);
        expect(res.json().attendees).toEqual([{ Adults: 2 }, { Children: 1 }]);
        const [stored] = await t.db.select().from(bookings).where(eq(bookings.id, res.json()._id));
        expect(stored).toMatchObject({ attendedAdults: 2, attendedTeens: 0, attendedChildren: 1 });
      });

      it('refuses more attendees than booked on a new booking', async () => {
        const t = ctx();
        const c = await createCompany(t.app, t.db);
        const res = await add(t, c.manager.token, { attendees: [{ Adults: 3 }] });
        expect(res.statusCode).toBe(400);
        expect(res.json()).toMatchObject({
          code: 'ATTENDEES_OVER_BOOKED',
          error: 'Adults: 3 checked in but only 2 booked',
        });
        expect((await add(t, c.manager.token, { attendees: [{ Pets: 1 }] })).statusCode).toBe(400);
      });

      it('refuses a Guide on a locked slot, and an unknown source or tour naming the field', async () => {
        const t = ctx();
        const c = await createCompany(t.app, t.db);
        expect((await add(t, c.guide.token, { time: '11:00' })).statusCode).toBe(403);
        expect((await add(t, c.manager.token, { source: 'Nowhere' })).json().code).toBe('UNKNOWN_SOURCE');
        const tour = await add(t, c.manager.token, { tour: 'Moon Walk' });
        expect(tour.statusCode).toBe(400);
        expect(tour.json()).toEqual({
          error: "tour: Moon Walk is not one of this company's tours",
          code: 'UNKNOWN_TOUR',
        });
        const other = await createCompany(t.app, t.db);
        await t.db.update(tours).set({ label: 'Their Own Tour' }).where(eq(tours.id, other.tourIds['Old Town Walk']));
        expect((await add(t, c.manager.token, { tour: 'Their Own Tour' })).json().code).toBe('UNKNOWN_TOUR');
        const stored = await t.db.select().from(bookings).where(eq(bookings.companyId, c.companyId));
        expect(stored.some((row) => ['Moon Walk', 'Their Own Tour'].includes(row.tour))).toBe(false);
      });
    });
  },
  { now: () => NOW },
);
