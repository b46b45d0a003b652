import type { HistoryEntry } from '../../src/domain/events';
import { addBooking, createCompany, editBooking, type CompanyFixture } from './fixtures';
import { bearer, describeEachDb } from './helpers';

// 10:05 in Madrid on the slot's day: a Guide sees the 10:00 slot and may check it in; the 18:00 one is out of window.
const NOW = new Date('2026-06-15T08:05:00Z');
const DAY = '2026-06-15';
const IPAD = 'Mozilla/5.0 (iPad; CPU OS 17_0 like Mac OS X) AppleWebKit/605.1.15';

describeEachDb(
  'booking history and slot activity',
  (ctx) => {
    let c: CompanyFixture;
    let bookingId: string;
    let reference: string;

    beforeAll(async () => {
      const { app, db } = ctx();
      c = await createCompany(app, db, { showPhoneToGuides: false });
      const booking = await addBooking(db, c.companyId, { date: DAY, time: '10:00', adults: 3, name: 'Smith party' });
      ({ id: bookingId, reference } = booking);
      const checkIn = await app.inject({
        method: 'PATCH',
        url: `/api/bookings/${bookingId}`,
        headers: { ...bearer(c.guide.token), 'x-device-id': 'ipad-1', 'user-agent': IPAD },
        payload: { attendees: [{ Adults: 2 }] },
      });
      expect(checkIn.statusCode).toBe(200);
      const edit = await editBooking(
        app,
        c.manager.token,
        bookingId,
        {
          name: 'Smith party',
          customers: [{ Adults: 4 }],
          time: '10:00',
          phone: '+34 611 111 111',
        },
        { day: DAY, version: 2 },
      );
      expect(edit.statusCode).toBe(200);
    });

    const history = (token: string, id = bookingId) =>
      ctx().app.inject({ url: `/api/bookings/${id}/history`, headers: bearer(token) });

    it("answers a booking's events newest first: who, from which device, what changed", async () => {
      const res = await history(c.manager.token);
      expect(res.statusCode).toBe(200);
      const [edited, checkedIn] = res.json<HistoryEntry[]>();
      expect(edited).toMatchObject({ kind: 'booking.edited', by: c.managerName });
      expect(edited?.changes).toEqual(
        expect.arrayContaining([
          { field: 'Adults', from: '3', to: '4' },
          { field: 'Phone', from: '+34 600 000 000', to: '+34 611 111 111' },
        ]),
      );
      expect(checkedIn).toMatchObject({
        kind: 'booking.checkedIn',
        by: c.guideName,
        userAgent: IPAD,
        checkedIn: { attended: 2, pax: 3 },
        changes: [{ field: 'Adults', from: '0', to: '2' }],
        slot: { day: DAY, time: '10:00', tour: 'Old Town Walk' },
      });
      expect(res.json<HistoryEntry[]>()).toHaveLength(2);
    });

    it('leaves out of a Guide’s history the phones the company hides from Guides', async () => {
      const res = await history(c.guide.token);
      expect(res.statusCode).toBe(200);
      const fields = res.json<HistoryEntry[]>().flatMap((entry) => entry.changes.map((change) => change.field));
      expect(fields).toContain('Adults');
      expect(fields).not.toContain('Phone');
      expect(res.body).not.toContain('611 111');
    });

    it("refuses a Guide a booking outside their window, and anyone another company's booking", async () => {
      const { app, db } = ctx();
      const later = await addBooking(db, c.companyId, { date: DAY, time: '18:00' });
      expect((await history(c.guide.token, later.id)).statusCode).toBe(403);
      expect((await history(c.manager.token, later.id)).json()).toEqual([]);
      const other = await createCompany(app, db);
      expect((await history(other.manager.token)).statusCode).toBe(404);
    });

    it("answers a slot's recent activity with each booking's name, by the slot's rules", async () => {
      const { app } = ctx();
      const note = await app.inject({
        method: 'PATCH',
        url: '/api/save',
        headers: bearer(c.guide.token),
        payload: { uniqueId: `${DAY}-10:00-Old Town Walk`, note: 'Meet at the fountain' },
      });
      expect(note.statusCode).toBe(200);
      const url = `/api/bookings/date/${DAY}/10:00/Old%20Town%20Walk/activity`;
      const res = await app.inject({ url, headers: bearer(c.manager.token) });
      expect(res.statusCode).toBe(200);
      const entries = res.json<HistoryEntry[]>();
      expect(entries.map((e) => e.kind)).toEqual(['slot.noteSaved', 'booking.edited', 'booking.checkedIn']);
      expect(entries[0]?.changes).toEqual([{ field: 'Note', from: '—', to: 'Meet at the fountain' }]);
      expect(entries[1]?.bookingName).toBe('Smith party');
      expect(entries[1]?.bookingReference).toBe(reference);
      const hidden = await app.inject({
        url: `/api/bookings/date/${DAY}/18:00/Old%20Town%20Walk/activity`,
        headers: bearer(c.guide.token),
      });
      expect(hidden.statusCode).toBe(403);
    });
  },
  { now: () => NOW },
);

// The server's own clock: the history's `at` is when the database received the check-in.
describeEachDb('the device time of a check-in in the history', (ctx) => {
  it('shows when a check-in was made on the device beside when it was received, once over a minute apart', async () => {
    const { app, db } = ctx();
    const c = await createCompany(app, db);
    const today = new Date().toISOString().slice(0, 10);
    const id = (await addBooking(db, c.companyId, { date: today, time: '10:00', adults: 4 })).id;
    const checkIn = (adults: number, madeAt: Date) =>
      app.inject({
        method: 'PATCH',
        url: `/api/bookings/${id}`,
        headers: bearer(c.manager.token),
        payload: { attendees: [{ Adults: adults }], madeAt: madeAt.toISOString() },
      });
    const fromOutbox = new Date(Date.now() - 38 * 60_000);
    expect((await checkIn(2, fromOutbox)).statusCode).toBe(200);
    expect((await checkIn(3, new Date(Date.now() - 20_000))).statusCode).toBe(200);
    const res = await app.inject({ url: `/api/bookings/${id}/history`, headers: bearer(c.manager.token) });
    const [onTime, late] = res.json<HistoryEntry[]>();
    expect(late).toMatchObject({ kind: 'booking.checkedIn', madeAt: fromOutbox.toISOString() });
    expect(new Date(late!.at).getTime() - fromOutbox.getTime()).toBeGreaterThan(37 * 60_000);
    expect(onTime).toMatchObject({ kind: 'booking.checkedIn', checkedIn: { attended: 3, pax: 4 } });
    expect(onTime).not.toHaveProperty('madeAt');
  });
});
