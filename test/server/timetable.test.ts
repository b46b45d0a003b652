import { slotStart } from '../../src/domain/slotStart';
import { addBooking, createCompany, type CompanyFixture } from './fixtures';
import { bearer, describeEachDb, type TestApp } from './helpers';

const NOW = new Date('2026-06-18T10:00:00Z'); // Thursday, 12:00 in Madrid
const THURSDAY = '2026-06-18';

function timetableOf(c: CompanyFixture, extra: Record<string, unknown> = {}) {
  const walk = c.tourIds['Old Town Walk'];
  const cruise = c.tourIds['Hop-On Harbour Cruise'];
  return {
    departures: [
      {
        tourId: walk,
        weekdays: [1, 2, 3, 4, 5, 6, 7],
        time: '11:30',
        validFrom: '2026-01-01',
        validUntil: null,
        capacity: null,
      },
      {
        tourId: walk,
        weekdays: [1, 2, 3, 4, 5, 6, 7],
        time: '16:00',
        validFrom: '2026-01-01',
        validUntil: null,
        capacity: null,
      },
      {
        tourId: cruise,
        weekdays: [4, 5, 6],
        time: '12:15',
        validFrom: '2026-04-01',
        validUntil: '2026-10-31',
        capacity: 2,
      },
    ],
    exceptions: [],
    ...extra,
  };
}

const put = (t: TestApp, token: string, companyId: string, body: unknown) =>
  t.app.inject({
    method: 'PUT',
    url: `/api/company/${companyId}/timetable`,
    headers: bearer(token),
    payload: body as object,
  });
const dayOf = (t: TestApp, token: string, day: string) =>
  t.app.inject({ url: `/api/bookings/date/${day}`, headers: bearer(token) });

describeEachDb(
  'timetable',
  (ctx) => {
    it('keeps the timetable and shows each departure of the day, booked or not, with its capacity', async () => {
      const t = ctx();
      const c = await createCompany(t.app, t.db);
      const saved = await put(t, c.manager.token, c.companyId, timetableOf(c));
      expect(saved.statusCode).toBe(200);
      const read = await t.app.inject({
        url: `/api/company/${c.companyId}/timetable`,
        headers: bearer(c.manager.token),
      });
      expect(read.json()).toEqual(saved.json());
      expect(read.json().departures).toHaveLength(3);
      // Three guests on a cruise that takes two: the day answers the capacity, the page says "3 / 2 pax".
      await addBooking(t.db, c.companyId, { date: THURSDAY, time: '12:15', tour: 'Hop-On Harbour Cruise', adults: 3 });
      const thursday = await dayOf(t, c.manager.token, THURSDAY);
      expect(thursday.json().departures).toEqual([
        { time: '11:30', tour: 'Old Town Walk', capacity: null },
        { time: '12:15', tour: 'Hop-On Harbour Cruise', capacity: 2 },
        { time: '16:00', tour: 'Old Town Walk', capacity: null },
      ]);
      const monday = await dayOf(t, c.manager.token, '2026-06-15');
      expect(monday.json().departures.map((d: { time: string }) => d.time)).toEqual(['11:30', '16:00']);
    });

    it("applies a day's exceptions, leaves an archived tour out, and judges a Guide's window alike", async () => {
      const t = ctx();
      const c = await createCompany(t.app, t.db);
      const walk = c.tourIds['Old Town Walk'];
      await put(t, c.manager.token, c.companyId, {
        ...timetableOf(c),
        exceptions: [
          { tourId: walk, date: THURSDAY, time: '16:00', kind: 'cancelled', capacity: null },
          { tourId: walk, date: THURSDAY, time: '12:45', kind: 'extra', capacity: 12 },
        ],
      });
      const manager = await dayOf(t, c.manager.token, THURSDAY);
      expect(manager.json().departures.map((d: { time: string }) => d.time)).toEqual(['11:30', '12:15', '12:45']);
      // At 12:00 a Guide sees 11:00 to 13:00: the 11:30, 12:15 and 12:45 departures.
      await put(t, c.manager.token, c.companyId, timetableOf(c));
      const guide = await dayOf(t, c.guide.token, THURSDAY);
      expect(guide.json().departures.map((d: { time: string }) => d.time)).toEqual(['11:30', '12:15']);
      expect(guide.json().hiddenSlots).toBe(1);
      // The hidden 16:00 departure, booked by nobody, opens to guides an hour before it.
      expect(guide.json().nextOpening).toEqual({
        day: THURSDAY,
        time: '16:00',
        tour: 'Old Town Walk',
        opensAt: '2026-06-18T13:00:00.000Z',
      });
      await t.app.inject({
        method: 'PATCH',
        url: `/api/company/${c.companyId}/tours/${c.tourIds['Hop-On Harbour Cruise']}`,
        headers: bearer(c.manager.token),
        payload: { archived: true },
      });
      const archived = await dayOf(t, c.manager.token, THURSDAY);
      expect(archived.json().departures.map((d: { tour: string }) => d.tour)).toEqual([
        'Old Town Walk',
        'Old Town Walk',
      ]);
    });

    it('expands across a DST change: 10:00 in the company zone on both sides', async () => {
      const t = ctx();
      const c = await createCompany(t.app, t.db);
      const daily = {
        weekdays: [1, 2, 3, 4, 5, 6, 7],
        time: '10:00',
        validFrom: '2026-01-01',
        validUntil: null,
        capacity: null,
      };
      await put(t, c.manager.token, c.companyId, {
        departures: [{ tourId: c.tourIds['Old Town Walk'], ...daily }],
        exceptions: [],
      });
      const starts: string[] = [];
      for (const day of ['2026-03-28', '2026-03-29']) {
        const [departure] = (await dayOf(t, c.manager.token, day)).json().departures;
        expect(departure).toMatchObject({ time: '10:00' });
        starts.push(slotStart({ day, time: departure.time }, 'Europe/Madrid').toISOString());
      }
      expect(starts).toEqual(['2026-03-28T09:00:00.000Z', '2026-03-29T08:00:00.000Z']);
    });

    it('refuses a departure on no weekday with 400 naming the field, and keeps the timetable it had', async () => {
      const t = ctx();
      const c = await createCompany(t.app, t.db);
      await put(t, c.manager.token, c.companyId, timetableOf(c));
      const [first, second] = timetableOf(c).departures;
      const res = await put(t, c.manager.token, c.companyId, {
        departures: [first, { ...second, weekdays: [] }],
        exceptions: [],
      });
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({
        error: 'weekdays: Pick at least one weekday',
        code: 'VALIDATION',
        details: [{ path: 'departures/1/weekdays' }],
      });
      const kept = await t.app.inject({
        url: `/api/company/${c.companyId}/timetable`,
        headers: bearer(c.manager.token),
      });
      expect(kept.json().departures).toHaveLength(3);
    });

    it('refuses a Guide, another company and bad input with 400 naming the field', async () => {
      const t = ctx();
      const c = await createCompany(t.app, t.db);
      const other = await createCompany(t.app, t.db);
      expect((await put(t, c.guide.token, c.companyId, timetableOf(c))).statusCode).toBe(403);
      expect((await put(t, c.manager.token, other.companyId, timetableOf(c))).statusCode).toBe(404);
      const [first] = timetableOf(c).departures;
      const cases: Array<[Record<string, unknown>, RegExp]> = [
        [{ time: '9:00' }, /^departures\/0\/time Use a time as HH:mm$/],
        [{ capacity: -1 }, /^departures\/0\/capacity capacity: Enter 1 guest or more/],
        [{ validUntil: '2025-12-31' }, /departures\.0\.validUntil: The last day comes before the first/],
        [{ weekdays: [] }, /^departures\/0\/weekdays weekdays: Pick at least one weekday$/],
        [{ weekdays: [8] }, /^departures\/0\/weekdays\/0 Weekdays run to 7 \(Sunday\)$/],
        [{ tourId: other.tourIds['Old Town Walk'] }, /^ departures\.0\.tourId: Not one of this company's tours/],
      ];
      for (const [change, message] of cases) {
        const res = await put(t, c.manager.token, c.companyId, {
          departures: [{ ...first, ...change }],
          exceptions: [],
        });
        expect({ change, status: res.statusCode }).toEqual({ change, status: 400 });
        const body = res.json();
        expect(`${body.details?.[0]?.path ?? ''} ${body.error}`).toMatch(message);
      }
      const kept = await t.app.inject({
        url: `/api/company/${c.companyId}/timetable`,
        headers: bearer(c.manager.token),
      });
      expect(kept.json()).toEqual({ departures: [], exceptions: [] });
    });
  },
  { now: () => NOW },
);
