import type { HistoryEntry, LiveEvent } from '../../src/domain/events';
import { addBooking, createCompany, editBooking, type CompanyFixture } from './fixtures';
import { bearer, describeEachDb } from './helpers';
import { dataOf, hasData, openStream } from './sse';

// 10:05 in Madrid: a Guide sees the slots starting from 09:05 to 11:05; 18:00 and 19:00 are outside their window.
const NOW = new Date('2026-06-15T08:05:00Z');
const DAY = '2026-06-15';
const TOUR = 'Old Town Walk';

describeEachDb(
  'a Guide’s history and activity stop at their window',
  (ctx) => {
    let c: CompanyFixture;
    beforeAll(async () => {
      c = await createCompany(ctx().app, ctx().db);
    });

    const activity = (token: string, time: string) =>
      ctx().app.inject({
        url: `/api/bookings/date/${DAY}/${time}/${encodeURIComponent(TOUR)}/activity`,
        headers: bearer(token),
      });
    const history = (token: string, id: string) =>
      ctx().app.inject({ url: `/api/bookings/${id}/history`, headers: bearer(token) });
    const move = async (id: string, version: number, changes: Record<string, unknown>) => {
      const res = await editBooking(ctx().app, c.manager.token, id, changes, { day: DAY, version });
      expect(res.statusCode).toBe(200);
    };

    it('tells a Guide a booking left their slot, without where, when or its new name; a Manager, all of it', async () => {
      const { app, db } = ctx();
      const { id, reference } = await addBooking(db, c.companyId, { date: DAY, time: '10:00', name: 'Smith party' });
      const checkIn = await app.inject({
        method: 'PATCH',
        url: `/api/bookings/${id}`,
        headers: bearer(c.guide.token),
        payload: { attendees: [{ Adults: 1 }] },
      });
      expect(checkIn.statusCode).toBe(200);
      await move(id, 2, { time: '18:00', name: 'Smith & Jones' });

      const guide = await activity(c.guide.token, '10:00');
      expect(guide.statusCode).toBe(200);
      const [moved, checkedIn] = guide.json<HistoryEntry[]>();
      expect(moved).toEqual({
        id: expect.any(Number),
        at: expect.any(String),
        kind: 'booking.edited',
        by: c.managerName,
        userAgent: expect.any(String),
        changes: [],
        slot: { day: DAY, time: '10:00', tour: TOUR },
        movedOut: true,
      });
      // The booking is outside the window now: no line names it, not even with the name it had here.
      expect(checkedIn).toMatchObject({ kind: 'booking.checkedIn', checkedIn: { attended: 1, pax: 2 } });
      expect(checkedIn).not.toHaveProperty('bookingName');
      expect(checkedIn).not.toHaveProperty('bookingReference');
      expect(guide.body).not.toContain(reference);
      for (const fact of ['18:00', 'Jones', 'Smith']) expect(guide.body).not.toContain(fact);

      const manager = (await activity(c.manager.token, '10:00')).json<HistoryEntry[]>();
      expect(manager[0]).toMatchObject({ bookingName: 'Smith & Jones', bookingReference: reference });
      expect(manager[0]).not.toHaveProperty('movedOut');
      expect(manager[0]?.changes).toEqual(
        expect.arrayContaining([
          { field: 'Name', from: 'Smith party', to: 'Smith & Jones' },
          { field: 'Time', from: '10:00', to: '18:00' },
        ]),
      );
    });

    it("keeps out of a Guide's booking history the slots it was in outside their window", async () => {
      const { db } = ctx();
      const id = (await addBooking(db, c.companyId, { date: DAY, time: '18:00', name: 'Lee family' })).id;
      await move(id, 1, { time: '10:30' });
      await move(id, 2, { time: '19:00' });
      await move(id, 3, { time: '10:00' });

      const guide = await history(c.guide.token, id);
      expect(guide.statusCode).toBe(200);
      const entries = guide.json<HistoryEntry[]>();
      expect(entries.map(({ slot, changes, movedOut }) => ({ slot, changes, movedOut }))).toEqual([
        { slot: null, changes: [{ field: 'Time', to: '10:00' }], movedOut: undefined },
        { slot: { day: DAY, time: '10:30', tour: TOUR }, changes: [], movedOut: true },
        { slot: null, changes: [{ field: 'Time', to: '10:30' }], movedOut: undefined },
      ]);
      for (const time of ['18:00', '19:00']) expect(guide.body).not.toContain(time);

      const manager = (await history(c.manager.token, id)).json<HistoryEntry[]>();
      expect(manager.map((entry) => entry.changes)).toEqual([
        [{ field: 'Time', from: '19:00', to: '10:00' }],
        [{ field: 'Time', from: '10:30', to: '19:00' }],
        [{ field: 'Time', from: '18:00', to: '10:30' }],
      ]);
    });

    it("carries a move out of a Guide's window to their live stream as gone, with nothing of where it went", async () => {
      const { app, db } = ctx();
      const id = (await addBooking(db, c.companyId, { date: DAY, time: '10:00', name: 'Park group' })).id;
      await app.listen({ port: 0, host: '127.0.0.1' });
      const address = app.server.address();
      if (!address || typeof address === 'string') throw new Error('not listening');
      const stream = await openStream(`http://127.0.0.1:${address.port}`, bearer(c.guide.token));
      try {
        await stream.next(); // the retry hint: subscribed
        await move(id, 1, { time: '18:00', name: 'Park & Cho' });
        const frame = await stream.next(hasData);
        expect(dataOf<LiveEvent>(frame)).toMatchObject({
          kind: 'booking.edited',
          slot: { day: DAY, time: '10:00', tour: TOUR },
          bookings: [],
          gone: [id],
        });
        for (const fact of ['18:00', 'Cho', 'Park']) expect(frame.data).not.toContain(fact);
      } finally {
        stream.close();
      }
    });
  },
  { now: () => NOW },
);
