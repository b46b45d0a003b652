import { addBooking, createCompany, type CompanyFixture } from './fixtures';
import { bearer, describeEachDb, type TestApp } from './helpers';

const NOW = new Date('2026-06-15T10:00:00Z'); // 12:00 in Madrid
const DAY = '2026-06-15';
const KEY = encodeURIComponent(`${DAY}-11:45-Old Town Walk`);

const saveGuides = (t: TestApp, token: string, items: unknown[], key = KEY) =>
  t.app.inject({
    method: 'POST',
    url: `/api/shift/${key}/guides`,
    headers: bearer(token),
    payload: { selectedGuides: { selectedItems: items } },
  });

async function slotOfSeven(t: TestApp): Promise<{ c: CompanyFixture; ids: string[] }> {
  const c = await createCompany(t.app, t.db);
  const ids = [
    (await addBooking(t.db, c.companyId, { date: DAY, time: '11:45', adults: 4, name: 'Ana', source: 'Viator' })).id,
    (await addBooking(t.db, c.companyId, { date: DAY, time: '11:45', adults: 3, name: 'Ben', source: 'Walkin' })).id,
  ];
  return { c, ids };
}

describeEachDb(
  'shifts',
  (ctx) => {
    it('answers 404 before a slot has a shift, then the saved split with the slot totals', async () => {
      const t = ctx();
      const { c } = await slotOfSeven(t);
      const none = await t.app.inject({
        url: `/api/shift/11:45/${DAY}/Old%20Town%20Walk/Whatever%20Name`,
        headers: bearer(c.manager.token),
      });
      expect(none.statusCode).toBe(404);
      const saved = await saveGuides(t, c.manager.token, [
        { _id: c.manager.user._id, name: 'ignored', attendees: [{ Adults: 4 }] },
        { _id: c.guide.user._id, attendees: [{ Adults: 3 }] },
      ]);
      expect(saved.statusCode).toBe(200);
      expect(saved.json()).toMatchObject({
        shiftString: `${DAY}-11:45-Old Town Walk`,
        totalAttendees: [{ Adults: 7 }, { Teens: 0 }, { Children: 0 }],
        guides: [
          { _id: c.manager.user._id, name: c.managerName, attendees: [{ Adults: 4 }, { Teens: 0 }, { Children: 0 }] },
          { _id: c.guide.user._id, name: c.guideName, attendees: [{ Adults: 3 }, { Teens: 0 }, { Children: 0 }] },
        ],
      });
      const bySlot = await t.app.inject({
        url: `/api/shift/11:45/${DAY}/Old%20Town%20Walk/x`,
        headers: bearer(c.guide.token),
      });
      expect(bySlot.json().guides).toHaveLength(2);
      const byKey = await t.app.inject({ url: `/api/shift/${KEY}`, headers: bearer(c.manager.token) });
      expect(byKey.json()._id).toBe(saved.json()._id);
    });

    it('replaces the split on a second save and refuses strangers, duplicates and locked slots for Guides', async () => {
      const t = ctx();
      const { c } = await slotOfSeven(t);
      const other = await createCompany(t.app, t.db);
      await saveGuides(t, c.manager.token, [{ _id: c.guide.user._id, attendees: [{ Adults: 7 }] }]);
      const edited = await saveGuides(t, c.manager.token, [
        { _id: c.manager.user._id, attendees: [{ Adults: 5 }] },
        { _id: c.guide.user._id, attendees: [{ Adults: 1 }] },
      ]);
      expect(edited.json().guides.map((g: { attendees: [{ Adults: number }] }) => g.attendees[0].Adults)).toEqual([
        5, 1,
      ]);
      const stranger = await saveGuides(t, c.manager.token, [{ _id: other.guide.user._id, attendees: [] }]);
      expect(stranger.json().code).toBe('UNKNOWN_GUIDE');
      const twice = await saveGuides(t, c.manager.token, [
        { _id: c.guide.user._id, attendees: [] },
        { _id: c.guide.user._id, attendees: [] },
      ]);
      expect(twice.json().code).toBe('DUPLICATE_GUIDE');
      const locked = encodeURIComponent(`${DAY}-11:00-Old Town Walk`);
      expect((await saveGuides(t, c.guide.token, [], locked)).statusCode).toBe(403);
      const foreign = await t.app.inject({ url: `/api/shift/${KEY}`, headers: bearer(other.manager.token) });
      expect(foreign.statusCode).toBe(404);
    });

    it('assigns bookings to a guide and back to Unassigned, only for this company', async () => {
      const t = ctx();
      const { c, ids } = await slotOfSeven(t);
      const other = await createCompany(t.app, t.db);
      const assign = (token: string, bookingIds: string[], guide: string | null) =>
        t.app.inject({
          method: 'PUT',
          url: '/api/bookings/assign-guide',
          headers: bearer(token),
          payload: { bookingIds, guide },
        });
      const res = await assign(c.manager.token, ids, c.guideName);
      expect(res.statusCode).toBe(200);
      expect(res.json().map((b: { guide: string }) => b.guide)).toEqual([c.guideName, c.guideName]);
      expect((await assign(c.manager.token, [ids[0] as string], null)).json()[0].guide).toBeNull();
      expect((await assign(other.manager.token, ids, other.guideName)).statusCode).toBe(404);
      expect((await assign(c.manager.token, ids, 'Somebody Else')).statusCode).toBe(400);
    });

    it('reports a guide’s shifts per source; a Guide gets only their own, a Manager anyone’s', async () => {
      const t = ctx();
      const { c, ids } = await slotOfSeven(t);
      await saveGuides(t, c.manager.token, [{ _id: c.guide.user._id, attendees: [{ Adults: 7 }] }]);
      await t.app.inject({
        method: 'PUT',
        url: '/api/bookings/assign-guide',
        headers: bearer(c.manager.token),
        payload: { bookingIds: ids, guide: c.guideName },
      });
      for (const id of ids) {
        await t.app.inject({
          method: 'PATCH',
          url: `/api/bookings/${id}`,
          headers: bearer(c.manager.token),
          payload: { attendees: [{ Adults: 3 }] },
        });
      }
      const range = { start: '2026-06-01', end: '2026-06-30' };
      const mine = await t.app.inject({
        method: 'POST',
        url: '/api/shift/guide-time-range',
        headers: bearer(c.guide.token),
        payload: { timeRange: range, user: { role: 'Manager' } },
      });
      expect(mine.statusCode).toBe(200);
      expect(mine.json()).toEqual([
        {
          shiftString: `${DAY}-11:45-Old Town Walk`,
          date: DAY,
          time: '11:45',
          tour: 'Old Town Walk',
          guide: c.guideName,
          attendees: [{ Adults: 7 }, { Teens: 0 }, { Children: 0 }],
          bySource: expect.arrayContaining([
            { source: 'Viator', attendees: [{ Adults: 3 }, { Teens: 0 }, { Children: 0 }] },
            { source: 'Walkin', attendees: [{ Adults: 3 }, { Teens: 0 }, { Children: 0 }] },
          ]),
        },
      ]);
      const someoneElse = await t.app.inject({
        method: 'POST',
        url: '/api/shift/guide-time-range',
        headers: bearer(c.guide.token),
        payload: { guide: c.manager.user._id, timeRange: range },
      });
      expect(someoneElse.statusCode).toBe(403);
      const asManager = await t.app.inject({
        method: 'POST',
        url: '/api/bookings/guide-time-range',
        headers: bearer(c.manager.token),
        payload: { guide: c.guide.user._id, timeRange: range },
      });
      expect(asManager.json()).toHaveLength(2);
      const otherBookings = await t.app.inject({
        method: 'POST',
        url: '/api/bookings/guide-time-range',
        headers: bearer(c.guide.token),
        payload: { guide: c.manager.user._id, timeRange: range },
      });
      expect(otherBookings.statusCode).toBe(403);
    });

    it('keeps a deleted guide’s past shifts in the Manager’s report', async () => {
      const t = ctx();
      const { c } = await slotOfSeven(t);
      await saveGuides(t, c.manager.token, [{ _id: c.guide.user._id, attendees: [{ Adults: 7 }] }]);
      await t.app.inject({
        method: 'DELETE',
        url: `/api/user/guides/${c.guide.user._id}`,
        headers: bearer(c.manager.token),
      });
      const report = await t.app.inject({
        method: 'POST',
        url: '/api/shift/guide-time-range',
        headers: bearer(c.manager.token),
        payload: { guide: c.guide.user._id, timeRange: { start: DAY, end: DAY } },
      });
      expect(report.json()).toHaveLength(1);
      const shift = await t.app.inject({ url: `/api/shift/${KEY}`, headers: bearer(c.manager.token) });
      expect(shift.json().guides[0].name).toBe(c.guideName);
    });
  },
  { now: () => NOW },
);
