import { and, desc, eq } from 'drizzle-orm';
import { encodeNameList } from '../../src/domain/reports';
import { events } from '../../server/db/schema';
import { addBooking, createCompany, SOURCES, type CompanyFixture } from './fixtures';
import { bearer, describeEachDb, type TestApp } from './helpers';

const NOW = new Date('2026-06-15T10:00:00Z'); // 12:00 in Madrid
const DAY = '2026-06-15';
const NEW_NAME = 'Casco Antiguo – Ruta ~ Ñandú 2-B';

type Entry = { _id?: string; id: string; label: string; archived?: boolean };

function call(t: TestApp, token: string, method: 'POST' | 'PATCH', url: string, payload: object) {
  return t.app.inject({ method, url, headers: bearer(token), payload });
}

const addBookingOn = (t: TestApp, c: CompanyFixture, tour: string, source = 'Walkin') =>
  t.app.inject({
    method: 'POST',
    url: '/api/bookings/add-booking',
    headers: bearer(c.manager.token),
    payload: { name: 'Walk-in', customers: [{ Adults: 2 }], date: DAY, time: '11:45', tour, source },
  });

describeEachDb(
  'tours and sources',
  (ctx) => {
    it('adds a tour at the end of the list, with a key from its name, unique whatever the case', async () => {
      const t = ctx();
      const c = await createCompany(t.app, t.db);
      const url = `/api/company/${c.companyId}/tours`;
      const added = await call(t, c.manager.token, 'POST', url, { label: '  Tapas Tour ' });
      expect(added.statusCode).toBe(201);
      const tours = added.json().tours as Entry[];
      expect(tours.at(-1)).toMatchObject({ id: 'tapas-tour', label: 'Tapas Tour', archived: false });
      const twin = await call(t, c.manager.token, 'POST', url, { label: 'TAPAS tour' });
      expect(twin.statusCode).toBe(400);
      expect(twin.json()).toEqual({ error: 'label: TAPAS tour is already a tour of this company', code: 'NAME_TAKEN' });
      expect((await call(t, c.manager.token, 'POST', url, { label: ' ' })).json().error).toMatch(/^label: /);
      expect((await call(t, c.guide.token, 'POST', url, { label: 'Guide Tour' })).statusCode).toBe(403);
      const other = await createCompany(t.app, t.db);
      expect(
        (await call(t, c.manager.token, 'POST', `/api/company/${other.companyId}/tours`, { label: 'X' })).statusCode,
      ).toBe(404);
      expect((await addBookingOn(t, c, 'Tapas Tour')).statusCode).toBe(201);
    });

    it("renames a tour with its bookings, notes, shifts and reports, names with '-', '~', accents and spaces", async () => {
      const t = ctx();
      const c = await createCompany(t.app, t.db);
      const h = bearer(c.manager.token);
      await addBooking(t.db, c.companyId, { date: DAY, time: '11:45', name: 'Carried guest' });
      const oldKey = `${DAY}-11:45-Old Town Walk`;
      await t.app.inject({
        method: 'PATCH',
        url: '/api/save',
        headers: h,
        payload: { uniqueId: oldKey, note: 'Gate B' },
      });
      const shift = await t.app.inject({
        method: 'POST',
        url: `/api/shift/${encodeURIComponent(oldKey)}/guides`,
        headers: h,
        payload: { selectedGuides: { selectedItems: [{ _id: c.guide.user._id, attendees: [{ Adults: 2 }] }] } },
      });
      expect(shift.statusCode).toBe(200);

      const tourId = c.tourIds['Old Town Walk'];
      const renamed = await call(t, c.manager.token, 'PATCH', `/api/company/${c.companyId}/tours/${tourId}`, {
        label: NEW_NAME,
      });
      expect(renamed.statusCode).toBe(200);
      expect((renamed.json().tours as Entry[]).map((e) => e.label)).toContain(NEW_NAME);

      const newKey = `${DAY}-11:45-${NEW_NAME}`;
      const slot = await t.app.inject({
        url: `/api/bookings/date/${DAY}/11:45/${encodeURIComponent(NEW_NAME)}`,
        headers: h,
      });
      expect(slot.json().bookings.map((b: { name: string }) => b.name)).toEqual(['Carried guest']);
      const old = await t.app.inject({ url: `/api/bookings/date/${DAY}/11:45/Old%20Town%20Walk`, headers: h });
      expect(old.json().bookings).toEqual([]);
      expect((await t.app.inject({ url: `/api/${encodeURIComponent(newKey)}`, headers: h })).json()).toEqual({
        note: 'Gate B',
      });
      const movedShift = await t.app.inject({ url: `/api/shift/${encodeURIComponent(newKey)}`, headers: h });
      expect(movedShift.json()).toMatchObject({ tour: NEW_NAME, shiftString: newKey });
      const report = await t.app.inject({
        url: `/api/bookings/reports/date/${DAY}/${DAY}/${encodeURIComponent(encodeNameList([...SOURCES, 'Walkin']))}/${encodeURIComponent(encodeNameList([NEW_NAME]))}`,
        headers: h,
      });
      expect(report.json()).toMatchObject({ total: 1, rows: [expect.objectContaining({ tour: NEW_NAME })] });
    });

    it('archives a tour: no new booking on it, its past ones and reports keep it; restored, it is bookable again', async () => {
      const t = ctx();
      const c = await createCompany(t.app, t.db);
      await addBooking(t.db, c.companyId, {
        date: DAY,
        time: '11:45',
        tour: 'Hop-On Harbour Cruise',
        name: 'Past guest',
      });
      const url = `/api/company/${c.companyId}/tours/${c.tourIds['Hop-On Harbour Cruise']}`;
      const archived = await call(t, c.manager.token, 'PATCH', url, { archived: true });
      expect((archived.json().tours as Entry[]).find((e) => e.label === 'Hop-On Harbour Cruise')).toMatchObject({
        archived: true,
      });
      expect((await addBookingOn(t, c, 'Hop-On Harbour Cruise')).json().code).toBe('UNKNOWN_TOUR');
      const slot = await t.app.inject({
        url: `/api/bookings/date/${DAY}/11:45/Hop-On%20Harbour%20Cruise`,
        headers: bearer(c.manager.token),
      });
      expect(slot.json().bookings).toHaveLength(1);
      await call(t, c.manager.token, 'PATCH', url, { archived: false });
      expect((await addBookingOn(t, c, 'Hop-On Harbour Cruise')).statusCode).toBe(201);
    });

    it('moves a tour to another place in the list', async () => {
      const t = ctx();
      const c = await createCompany(t.app, t.db);
      const url = `/api/company/${c.companyId}/tours/${c.tourIds['Hop-On Harbour Cruise']}`;
      const moved = await call(t, c.manager.token, 'PATCH', url, { position: 0 });
      expect((moved.json().tours as Entry[]).map((e) => e.label)).toEqual(['Hop-On Harbour Cruise', 'Old Town Walk']);
      const back = await call(t, c.manager.token, 'PATCH', url, { position: 5 });
      expect((back.json().tours as Entry[]).map((e) => e.label)).toEqual(['Old Town Walk', 'Hop-On Harbour Cruise']);
    });

    it("keeps a tour's other names, each leading to one tour only, and records the change", async () => {
      const t = ctx();
      const c = await createCompany(t.app, t.db);
      const walk = `/api/company/${c.companyId}/tours/${c.tourIds['Old Town Walk']}`;
      const cruise = `/api/company/${c.companyId}/tours/${c.tourIds['Hop-On Harbour Cruise']}`;
      const named = await call(t, c.manager.token, 'PATCH', walk, {
        aliases: [' Madrid: Old Town on Foot ', 'Casco antiguo', 'casco ANTIGUO'],
      });
      expect(named.statusCode).toBe(200);
      const tours = named.json().tours as Array<Entry & { aliases: string[] }>;
      expect(tours.find((tour) => tour.label === 'Old Town Walk')?.aliases).toEqual([
        'Madrid: Old Town on Foot',
        'Casco antiguo',
      ]);
      const refusals = [
        [cruise, { aliases: ['CASCO ANTIGUO'] }, 'aliases: "CASCO ANTIGUO" is already another name of Old Town Walk'],
        [cruise, { aliases: ['old town walk'] }, 'aliases: "old town walk" is already the tour Old Town Walk'],
        [cruise, { label: 'Casco Antiguo' }, 'label: Casco Antiguo is another name of the tour Old Town Walk'],
        [
          `/api/company/${c.companyId}/sources/viator`,
          { aliases: ['Viator.com'] },
          'aliases: only tours have other names',
        ],
      ] as const;
      for (const [url, body, error] of refusals) {
        const res = await call(t, c.manager.token, 'PATCH', url, body);
        expect([res.statusCode, res.json().error]).toEqual([400, error]);
      }
      const added = await call(t, c.manager.token, 'POST', `/api/company/${c.companyId}/tours`, {
        label: 'Madrid: old town on foot',
      });
      expect(added.json().error).toBe('label: Madrid: old town on foot is another name of the tour Old Town Walk');
      expect((await call(t, c.guide.token, 'PATCH', walk, { aliases: [] })).statusCode).toBe(403);
      // One more name goes onto the names the tour has now.
      const oneMore = await call(t, c.manager.token, 'PATCH', walk, { addAlias: ' Old Town Stroll ' });
      expect((oneMore.json().tours as Array<Entry & { aliases: string[] }>)[0]?.aliases).toEqual([
        'Madrid: Old Town on Foot',
        'Casco antiguo',
        'Old Town Stroll',
      ]);
      const clash = await call(t, c.manager.token, 'PATCH', cruise, { addAlias: 'old town stroll' });
      expect(clash.json().error).toBe('addAlias: "old town stroll" is already another name of Old Town Walk');
      const many = Array.from({ length: 20 }, (_, i) => `Harbour ${i}`);
      expect((await call(t, c.manager.token, 'PATCH', cruise, { aliases: many })).statusCode).toBe(200);
      const full = await call(t, c.manager.token, 'PATCH', cruise, { addAlias: 'Harbour 20' });
      expect(full.json().error).toBe('addAlias: A tour has at most 20 other names');
      const cleared = await call(t, c.manager.token, 'PATCH', walk, { aliases: [] });
      expect((cleared.json().tours as Array<Entry & { aliases: string[] }>)[0]?.aliases).toEqual([]);
      const logged = await t.db
        .select({ before: events.before, after: events.after })
        .from(events)
        .where(and(eq(events.companyId, c.companyId), eq(events.kind, 'company.catalogChanged')))
        .orderBy(desc(events.id))
        .limit(1);
      expect(logged).toEqual([
        {
          before: expect.objectContaining({
            'Other names': 'Madrid: Old Town on Foot · Casco antiguo · Old Town Stroll',
          }),
          after: expect.objectContaining({ 'Other names': '' }),
        },
      ]);
    });

    it('gives one name to one tour when two Managers give it to two tours at once, and a rename takes its own', async () => {
      const t = ctx();
      const c = await createCompany(t.app, t.db);
      const tour = (label: keyof typeof c.tourIds) => `/api/company/${c.companyId}/tours/${c.tourIds[label]}`;
      const [walk, cruise] = await Promise.all([
        call(t, c.manager.token, 'PATCH', tour('Old Town Walk'), { aliases: ['City Highlights'] }),
        call(t, c.manager.token, 'PATCH', tour('Hop-On Harbour Cruise'), { aliases: ['city highlights'] }),
      ]);
      expect([walk.statusCode, cruise.statusCode].sort()).toEqual([200, 400]);
      const renamed = await call(
        t,
        c.manager.token,
        'PATCH',
        tour(walk.statusCode === 200 ? 'Old Town Walk' : 'Hop-On Harbour Cruise'),
        {
          label: 'City Highlights',
        },
      );
      const named = (renamed.json().tours as Array<Entry & { aliases: string[] }>).find(
        (entry) => entry.label === 'City Highlights',
      );
      expect(named?.aliases).toEqual([]);
    });

    it('adds, renames and archives sources; Walkin always stays as it is', async () => {
      const t = ctx();
      const c = await createCompany(t.app, t.db);
      const url = `/api/company/${c.companyId}/sources`;
      expect((await call(t, c.manager.token, 'POST', url, { label: 'Airbnb Experiences' })).statusCode).toBe(201);
      expect((await addBookingOn(t, c, 'Old Town Walk', 'Airbnb Experiences')).statusCode).toBe(201);
      await addBooking(t.db, c.companyId, { date: DAY, time: '11:45', source: 'Viator', name: 'Viator guest' });
      const renamed = await call(t, c.manager.token, 'PATCH', `${url}/viator`, { label: 'Viator.com' });
      expect((renamed.json().sources as Entry[]).map((s) => s.label)).toContain('Viator.com');
      const slot = await t.app.inject({
        url: `/api/bookings/date/${DAY}/11:45/Old%20Town%20Walk`,
        headers: bearer(c.manager.token),
      });
      const viator = slot.json().bookings.find((b: { name: string }) => b.name === 'Viator guest');
      expect(viator.source).toBe('Viator.com');
      const walkin = await call(t, c.manager.token, 'PATCH', `${url}/walkin`, { label: 'Walk-in' });
      expect(walkin.json().error).toMatch(/^label: Walkin is the default source/);
      expect((await call(t, c.manager.token, 'PATCH', `${url}/walkin`, { archived: true })).json().error).toMatch(
        /^archived: /,
      );
      await call(t, c.manager.token, 'PATCH', `${url}/manual`, { archived: true });
      expect((await addBookingOn(t, c, 'Old Town Walk', 'Manual')).json().code).toBe('UNKNOWN_SOURCE');
      expect((await call(t, c.manager.token, 'PATCH', `${url}/nowhere`, { archived: true })).statusCode).toBe(404);
    });
  },
  { now: () => NOW },
);
