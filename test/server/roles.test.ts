import { v7 as uuidv7 } from 'uuid';
import { NO_PERMISSION } from '../../server/errors';
import { ACCESS_LEVELS, checkAccess, isApiRoute } from '../../server/plugins/access';
import { upsertShift, replaceShiftGuides } from '../../server/modules/bookings/shiftHeads.repository';
import { insertUser } from '../../server/modules/users/users.repository';
import { hashPassword } from '../../server/modules/auth/passwords';
import { PASSWORD, addBooking } from './fixtures';
import { bearer, describeEachDb, uniqueEmail } from './helpers';
import { buildRequest, companyRows, routeKey, seedTarget, type Target } from './routeFillers';

const FORBIDDEN = { error: NO_PERMISSION, code: 'FORBIDDEN' };

/** Spec §6 and ARCHITECTURE §4: the actions only a Manager may take. */
const MANAGER_ONLY = [
  'DELETE /api/company/api-keys/:id',
  'DELETE /api/user/guides/:id',
  'GET /api/company/api-keys',
  'GET /api/bookings/reports/:field/:startDate/:endDate/:sources/:tours',
  'GET /api/company/:companyId/timetable',
  // Issue 21: the company's own settings, tours and sources.
  'PATCH /api/company/:companyId',
  'PATCH /api/company/:companyId/:tourId/color',
  'PATCH /api/company/:companyId/:tourId/flag',
  'PATCH /api/company/:companyId/sources/:sourceId',
  'PATCH /api/company/:companyId/tours/:tourId',
  'POST /api/bookings/fees',
  'POST /api/company/:companyId/sources',
  'POST /api/company/:companyId/tours',
  // Issue 24: the channel API's keys; issue 34: the sources of a key made before keys had them.
  'POST /api/company/api-keys',
  'PATCH /api/company/api-keys/:id',
  // Issue 24: CSV import.
  'GET /api/imports',
  'GET /api/imports/mappings',
  // Issue 34: channel writes and import rows refused for the guests checked in.
  'GET /api/imports/refused-changes',
  'POST /api/imports/:id/undo',
  'POST /api/imports/apply',
  'POST /api/imports/inspect',
  'POST /api/imports/preview',
  'POST /api/user/addguide',
  'PUT /api/company/:companyId/timetable',
];

describe('the access rule', () => {
  const member = (role: 'Manager' | 'Guide') => ({ role });

  it.each([
    ['public', null, 'allowed'],
    ['member', null, 'UNAUTHORIZED'],
    ['member', 'Guide', 'allowed'],
    ['manager', 'Guide', 'FORBIDDEN'],
    ['manager', 'Manager', 'allowed'],
    // A route that declares no access stays closed, even to a Manager.
    [undefined, 'Manager', 'FORBIDDEN'],
  ] as const)('%s route, %s caller: %s', (access, role, outcome) => {
    const check = () => checkAccess(access, role ? member(role) : null);
    if (outcome === 'allowed') expect(check).not.toThrow();
    else expect(check).toThrow(expect.objectContaining({ code: outcome }));
  });
});

describeEachDb('roles', (ctx) => {
  let target: Target;

  beforeAll(async () => {
    const t = ctx();
    target = await seedTarget(t.app, t.db);
  });

  describe('declared access', () => {
    it('is declared by every /api and /auth route, as public, member, manager or channel', () => {
      const routes = ctx().app.routeTable.filter((r) => isApiRoute(r.url));
      expect(routes.length).toBeGreaterThanOrEqual(20);
      const undeclared = routes.filter((r) => !ACCESS_LEVELS.includes(r.access as never)).map(routeKey);
      expect(undeclared).toEqual([]);
    });

    it('keeps the Manager-only routes to the spec’s Manager actions', () => {
      const managerOnly = ctx()
        .app.routeTable.filter((r) => r.access === 'manager')
        .map(routeKey)
        .sort();
      expect(managerOnly).toEqual([...MANAGER_ONLY].sort());
    });

    it('leaves only sign-in, refresh, logout and signup public', () => {
      const open = ctx()
        .app.routeTable.filter((r) => r.public)
        .map(routeKey)
        .sort();
      expect(open).toEqual(['GET /auth/refresh', 'POST /api/user/signup', 'POST /auth', 'POST /auth/logout']);
    });
  });

  describe('a Guide on Manager routes', () => {
    const managerRoutes = () => {
      const routes = ctx().app.routeTable.filter((r) => r.access === 'manager');
      // Deleting last, so the other requests still find the guide they name.
      return [...routes.filter((r) => r.method !== 'DELETE'), ...routes.filter((r) => r.method === 'DELETE')];
    };

    it('answers 403 with the permission message on every one and changes nothing', async () => {
      const t = ctx();
      const failures: string[] = [];
      for (const route of managerRoutes()) {
        const request = await buildRequest(route, target);
        const before = await companyRows(t.db, target.company.companyId);
        const res = await t.app.inject({
          ...request,
          headers: { ...request.headers, ...bearer(target.company.guide.token) },
        });
        const after = await companyRows(t.db, target.company.companyId);
        if (res.statusCode !== 403 || res.body !== JSON.stringify(FORBIDDEN)) {
          failures.push(`${routeKey(route)}: answered ${res.statusCode} ${res.body}`);
        }
        if (JSON.stringify(before) !== JSON.stringify(after)) failures.push(`${routeKey(route)}: changed rows`);
      }
      expect(failures).toEqual([]);
    });

    it('refuses before reading the input, so a malformed body also gets 403', async () => {
      const res = await ctx().app.inject({
        method: 'POST',
        url: '/api/bookings/fees',
        headers: bearer(target.company.guide.token),
        payload: { day: 'not a day' },
      });
      expect(res.statusCode).toBe(403);
      expect(res.json()).toEqual(FORBIDDEN);
    });

    it('lets the company’s Manager make the very same requests (the 403 is the role’s)', async () => {
      const t = ctx();
      const failures: string[] = [];
      for (const route of managerRoutes()) {
        const request = await buildRequest(route, target);
        const res = await t.app.inject({
          ...request,
          headers: { ...request.headers, ...bearer(target.company.manager.token) },
        });
        if (res.statusCode >= 300) failures.push(`${routeKey(route)}: answered ${res.statusCode} ${res.body}`);
      }
      expect(failures).toEqual([]);
    });
  });

  describe('another guide’s data', () => {
    /** Two guides of one company, each leading one slot of the same day with a booking and a shift. */
    async function twoGuides() {
      const t = ctx();
      const me = await seedTarget(t.app, t.db);
      const { companyId } = me.company;
      const otherName = `Olga ${companyId.slice(-6)}`;
      const otherEmail = uniqueEmail('other-guide');
      const otherId = uuidv7();
      await insertUser(t.db, {
        companyId,
        id: otherId,
        email: otherEmail,
        name: otherName,
        role: 'Guide',
        passwordHash: await hashPassword(PASSWORD),
      });
      const theirs = await addBooking(t.db, companyId, {
        date: me.day,
        time: '16:00',
        name: 'Their guest',
        guide: otherName,
        guideId: otherId,
        attendedAdults: 1,
      });
      const key = `${me.day}-16:00-Old Town Walk`;
      const shiftId = await upsertShift(t.db, {
        companyId,
        id: uuidv7(),
        shiftString: key,
        date: me.day,
        time: '16:00',
        tour: 'Old Town Walk',
      });
      await replaceShiftGuides(t.db, companyId, shiftId, [{ userId: otherId, name: otherName, position: 0 }]);
      return { me, otherId, otherName, theirs };
    }

    it.each(['/api/bookings/guide-time-range', '/api/shift/guide-time-range'])(
      'refuses a Guide asking %s for another member with 403, and answers only their own rows',
      async (url) => {
        const t = ctx();
        const { me, otherId, otherName, theirs } = await twoGuides();
        const timeRange = { start: me.day, end: me.day };
        const guide = bearer(me.company.guide.token);
        for (const someone of [otherId, me.managerId]) {
          const res = await t.app.inject({
            method: 'POST',
            url,
            headers: guide,
            payload: { guide: someone, timeRange },
          });
          expect(res.statusCode).toBe(403);
          expect(res.json()).toEqual(FORBIDDEN);
        }
        // `user` is the spec client's field: it never decides whose rows come back.
        const own = await t.app.inject({
          method: 'POST',
          url,
          headers: guide,
          payload: { timeRange, user: { _id: otherId, role: 'Manager' } },
        });
        expect(own.statusCode).toBe(200);
        const rows = own.json<Array<{ guide: string | null }>>();
        expect(rows.length).toBeGreaterThan(0);
        expect(rows.every((row) => row.guide === me.company.guideName)).toBe(true);
        expect(own.body).not.toContain(otherName);
        expect(own.body).not.toContain(theirs.id);
        const asManager = await t.app.inject({
          method: 'POST',
          url,
          headers: bearer(me.company.manager.token),
          payload: { guide: otherId, timeRange },
        });
        expect(asManager.json<Array<{ guide: string }>>().map((row) => row.guide)).toEqual([otherName]);
      },
    );
  });
});
