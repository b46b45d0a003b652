import { companySeenBy } from '../../src/domain/company';
import { addBooking, createCompany } from './fixtures';
import { bearer, describeEachDb, login, type TestApp } from './helpers';

const NOW = new Date('2026-06-15T10:00:00Z'); // 12:00 in Madrid
const DAY = '2026-06-15';

const patch = (t: TestApp, token: string, companyId: string, payload: object) =>
  t.app.inject({ method: 'PATCH', url: `/api/company/${companyId}`, headers: bearer(token), payload });

describeEachDb(
  'company settings',
  (ctx) => {
    it('lets a Manager change the name, zone and rules, answered as the company and kept for sign-in', async () => {
      const t = ctx();
      const c = await createCompany(t.app, t.db);
      const res = await patch(t, c.manager.token, c.companyId, {
        name: '  Lisbon Walks ',
        timezone: 'europe/lisbon',
        beforeTime: 30,
        afterTime: 90,
        unlockBookings: true,
        showPhoneToGuides: false,
        display: false,
        detailedShifts: true,
      });
      expect(res.statusCode).toBe(200);
      expect(res.json()).toMatchObject({
        _id: c.companyId,
        name: 'Lisbon Walks',
        timezone: 'Europe/Lisbon',
        beforeTime: 30,
        afterTime: 90,
        unlockBookings: true,
        showPhoneToGuides: false,
        display: false,
        detailedShifts: true,
        tours: expect.arrayContaining([expect.objectContaining({ label: 'Old Town Walk' })]),
      });
      const company = await t.app.inject({ url: '/api/company', headers: bearer(c.manager.token) });
      expect(company.json()).toEqual(res.json());
      // A Guide reads it too, as a Guide sees it (the tours without the names channels use for them).
      const asGuide = companySeenBy(res.json(), 'Guide');
      const guideRead = await t.app.inject({ url: '/api/company', headers: bearer(c.guide.token) });
      expect(guideRead.json()).toEqual(asGuide);
      const signedIn = await login(t.app, c.guide.user.email, 'fixture-password');
      expect(signedIn.user.company).toEqual(asGuide);
    });

    it("judges a Guide's next call by the new rules", async () => {
      const t = ctx();
      const c = await createCompany(t.app, t.db);
      // 18:00 in Madrid is outside the Guide's window at 12:00 (60 minutes either side).
      await addBooking(t.db, c.companyId, { date: DAY, time: '18:00', name: 'Evening guest' });
      const evening = () =>
        t.app.inject({ url: `/api/bookings/date/${DAY}/18:00/Old%20Town%20Walk`, headers: bearer(c.guide.token) });
      expect((await evening()).statusCode).toBe(403);
      expect((await patch(t, c.manager.token, c.companyId, { hideBookings: false })).statusCode).toBe(200);
      expect((await evening()).statusCode).toBe(200);
    });

    it('refuses a Guide with 403, another company with 404, and bad input with 400 naming the field', async () => {
      const t = ctx();
      const c = await createCompany(t.app, t.db);
      const other = await createCompany(t.app, t.db);
      const guide = await patch(t, c.guide.token, c.companyId, { display: true });
      expect(guide.statusCode).toBe(403);
      expect(guide.json()).toEqual({ error: "You don't have permission to perform that action", code: 'FORBIDDEN' });
      expect((await patch(t, c.manager.token, other.companyId, { display: true })).statusCode).toBe(404);
      const cases: Array<[object, RegExp]> = [
        [{ timezone: 'Mars/Olympus' }, /^timezone: Mars\/Olympus is not a time zone/],
        [{ beforeTime: -5 }, /^beforeTime: /],
        [{ afterTime: 1.5 }, /^afterTime: /],
        [{ name: '   ' }, /^name: Enter the company name/],
        [{ display: 'yes' }, /^display: /],
        [{ defaultLanguage: 'fr' }, /^defaultLanguage: Language must be one of: en, es/],
        [{ plan: 'enterprise' }, /plan/],
        [{}, /Change at least one setting/],
      ];
      for (const [body, message] of cases) {
        const res = await patch(t, c.manager.token, c.companyId, body);
        expect({ body, status: res.statusCode, code: res.json().code }).toEqual({
          body,
          status: 400,
          code: 'VALIDATION',
        });
        expect(res.json().error).toMatch(message);
      }
      const untouched = await t.app.inject({ url: '/api/company', headers: bearer(other.manager.token) });
      expect(untouched.json()).toMatchObject({ timezone: 'Europe/Madrid', display: true });
    });
  },
  { now: () => NOW },
);
