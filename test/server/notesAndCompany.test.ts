import { createCompany } from './fixtures';
import { bearer, describeEachDb, login } from './helpers';

const NOW = new Date('2026-06-15T10:00:00Z'); // 12:00 in Madrid

describeEachDb(
  'notes, tour customisation and guides',
  (ctx) => {
    describe('notes', () => {
      const key = encodeURIComponent('2026-06-15-11:45-Old Town Walk');

      it('saves a slot note and reads it back, for this company only', async () => {
        const t = ctx();
        const c = await createCompany(t.app, t.db);
        const other = await createCompany(t.app, t.db);
        const note = 'Meet at the fountain. '.repeat(7);
        const save = await t.app.inject({
          method: 'PATCH',
          url: '/api/save',
          headers: bearer(c.guide.token),
          payload: { uniqueId: '2026-06-15-11:45-Old Town Walk', note },
        });
        expect(save.statusCode).toBe(200);
        const read = await t.app.inject({ url: `/api/${key}`, headers: bearer(c.manager.token) });
        expect(read.json()).toEqual({ note });
        const elsewhere = await t.app.inject({ url: `/api/${key}`, headers: bearer(other.manager.token) });
        expect(elsewhere.json()).toEqual({ note: '' });
      });

      it('keeps a Guide out of the notes of slots they may not see, and needs a token', async () => {
        const t = ctx();
        const c = await createCompany(t.app, t.db);
        const hidden = encodeURIComponent('2026-06-15-18:00-Old Town Walk');
        expect((await t.app.inject({ url: `/api/${hidden}`, headers: bearer(c.guide.token) })).statusCode).toBe(403);
        expect((await t.app.inject({ url: `/api/${hidden}`, headers: bearer(c.manager.token) })).statusCode).toBe(200);
        expect((await t.app.inject({ url: `/api/${key}` })).statusCode).toBe(401);
      });

      it('refuses a Guide the note of a locked slot with 403 SLOT_LOCKED and keeps the note; a Manager may', async () => {
        const t = ctx();
        const c = await createCompany(t.app, t.db);
        // Started 45 minutes ago: the Guide still sees it, but its changes closed 15 minutes ago.
        const uniqueId = '2026-06-15-11:15-Old Town Walk';
        const save = (token: string, note: string) =>
          t.app.inject({ method: 'PATCH', url: '/api/save', headers: bearer(token), payload: { uniqueId, note } });
        expect((await save(c.manager.token, 'Meet at the fountain')).statusCode).toBe(200);
        const refused = await save(c.guide.token, 'Changed after the lock');
        expect(refused.statusCode).toBe(403);
        expect(refused.json()).toMatchObject({ code: 'SLOT_LOCKED' });
        const read = await t.app.inject({
          url: `/api/${encodeURIComponent(uniqueId)}`,
          headers: bearer(c.guide.token),
        });
        expect(read.json()).toEqual({ note: 'Meet at the fountain' });
        expect((await save(c.manager.token, 'Changed by the manager')).statusCode).toBe(200);
      });

      it('refuses a malformed key and an oversized note with 400', async () => {
        const t = ctx();
        const c = await createCompany(t.app, t.db);
        expect((await t.app.inject({ url: '/api/not-a-slot', headers: bearer(c.manager.token) })).statusCode).toBe(400);
        const big = await t.app.inject({
          method: 'PATCH',
          url: '/api/save',
          headers: bearer(c.manager.token),
          payload: { uniqueId: '2026-06-15-11:45-Old Town Walk', note: 'x'.repeat(5001) },
        });
        expect(big.statusCode).toBe(400);
      });
    });

    describe('PATCH /api/company/:companyId/:tourId/color and /flag', () => {
      it('lets a Manager set a tour colour and flag and answers the company', async () => {
        const t = ctx();
        const c = await createCompany(t.app, t.db);
        const tourId = c.tourIds['Old Town Walk'];
        const color = await t.app.inject({
          method: 'PATCH',
          url: `/api/company/${c.companyId}/${tourId}/color`,
          headers: bearer(c.manager.token),
          payload: { color: 'pink' },
        });
        expect(color.statusCode).toBe(200);
        const flag = await t.app.inject({
          method: 'PATCH',
          url: `/api/company/${c.companyId}/${tourId}/flag`,
          headers: bearer(c.manager.token),
          payload: { flag: 'italy' },
        });
        const tour = flag.json().tours.find((x: { _id: string }) => x._id === tourId);
        expect(tour).toMatchObject({ color: 'pink', flag: 'italy', label: 'Old Town Walk' });
      });

      it('refuses a Guide with 403, an unknown tour or another company with 404, a made-up colour with 400', async () => {
        const t = ctx();
        const c = await createCompany(t.app, t.db);
        const other = await createCompany(t.app, t.db);
        const url = (companyId: string, tourId: string) => `/api/company/${companyId}/${tourId}/color`;
        const patch = (token: string, u: string, color = 'blue') =>
          t.app.inject({ method: 'PATCH', url: u, headers: bearer(token), payload: { color } });
        const guide = await patch(c.guide.token, url(c.companyId, c.tourIds['Old Town Walk']));
        expect(guide.statusCode).toBe(403);
        expect(guide.json().error).toBe("You don't have permission to perform that action");
        const unknown = await patch(c.manager.token, url(c.companyId, 'no-such-tour'));
        expect(unknown.statusCode).toBe(404);
        expect(unknown.json().error).toBe('Tour not found');
        const foreign = await patch(other.manager.token, url(c.companyId, c.tourIds['Old Town Walk']));
        expect(foreign.statusCode).toBe(404);
        const foreignTour = await patch(other.manager.token, url(other.companyId, c.tourIds['Old Town Walk']));
        expect(foreignTour.statusCode).toBe(404);
        const madeUp = await patch(c.manager.token, url(c.companyId, c.tourIds['Old Town Walk']), 'mauve');
        expect(madeUp.statusCode).toBe(400);
      });
    });

    describe('GET /api/company', () => {
      it("answers a Guide and a Manager their company as sign-in does, with a Manager's later changes", async () => {
        const t = ctx();
        const c = await createCompany(t.app, t.db);
        const tourId = c.tourIds['Old Town Walk'];
        const changed = await t.app.inject({
          method: 'PATCH',
          url: `/api/company/${c.companyId}/${tourId}/color`,
          headers: bearer(c.manager.token),
          payload: { color: 'yellow' },
        });
        expect(changed.statusCode).toBe(200);

        for (const member of [c.guide, c.manager]) {
          const res = await t.app.inject({ url: '/api/company', headers: bearer(member.token) });
          expect(res.statusCode).toBe(200);
          // What sign-in answered, but for the colour changed since.
          const tours = member.user.company.tours.map((tour) =>
            tour._id === tourId ? { ...tour, color: 'yellow' } : tour,
          );
          expect(res.json()).toEqual({ ...member.user.company, tours });
        }
        const signIn = await login(t.app, c.guide.user.email, c.guide.password);
        const read = await t.app.inject({ url: '/api/company', headers: bearer(signIn.token) });
        expect(read.json()).toEqual(signIn.user.company);
      });

      it("answers a Guide the tours without their other names (channels' product names), at sign-in too", async () => {
        const t = ctx();
        const c = await createCompany(t.app, t.db);
        const named = await t.app.inject({
          method: 'PATCH',
          url: `/api/company/${c.companyId}/tours/${c.tourIds['Old Town Walk']}`,
          headers: bearer(c.manager.token),
          payload: { aliases: ['Casco antiguo'] },
        });
        expect(named.statusCode).toBe(200);

        const manager = await t.app.inject({ url: '/api/company', headers: bearer(c.manager.token) });
        const oldTown = (manager.json().tours as Array<{ label: string; aliases?: string[] }>).find(
          (tour) => tour.label === 'Old Town Walk',
        );
        expect(oldTown?.aliases).toEqual(['Casco antiguo']);
        const guide = await t.app.inject({ url: '/api/company', headers: bearer(c.guide.token) });
        expect(guide.statusCode).toBe(200);
        expect(guide.body).not.toContain('Casco antiguo');
        for (const tour of guide.json().tours) expect(tour).not.toHaveProperty('aliases');
        expect(guide.json()).toEqual({
          ...manager.json(),
          tours: manager.json().tours.map(({ aliases: _aliases, ...tour }: { aliases?: string[] }) => tour),
        });
        const signIn = await login(t.app, c.guide.user.email, c.guide.password);
        expect(signIn.user.company).toEqual(guide.json());
      });

      it("answers only the token's company, whatever else the request names", async () => {
        const t = ctx();
        const c = await createCompany(t.app, t.db);
        const other = await createCompany(t.app, t.db);
        const res = await t.app.inject({
          url: `/api/company?companyId=${c.companyId}`,
          headers: { ...bearer(other.guide.token), 'x-company-id': c.companyId },
        });
        expect(res.statusCode).toBe(200);
        expect(res.json()._id).toBe(other.companyId);
        expect(res.body).not.toContain(c.companyId);
        expect(res.body).not.toContain(c.tourIds['Old Town Walk']);
      });

      it('needs a token: 401 without one or with a made-up one', async () => {
        const t = ctx();
        const none = await t.app.inject({ url: '/api/company' });
        expect(none.statusCode).toBe(401);
        expect(none.json()).toMatchObject({ code: 'UNAUTHORIZED' });
        expect((await t.app.inject({ url: '/api/company', headers: bearer('not-a-token') })).statusCode).toBe(401);
      });
    });

    describe('GET /api/user/guides/company', () => {
      it('lists this company’s members by name', async () => {
        const t = ctx();
        const c = await createCompany(t.app, t.db);
        const res = await t.app.inject({ url: '/api/user/guides/company', headers: bearer(c.guide.token) });
        expect(res.json().map((m: { name: string }) => m.name)).toEqual([c.guideName, c.managerName]);
      });
    });
  },
  { now: () => NOW },
);
