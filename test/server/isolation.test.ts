import type { LightMyRequestResponse } from 'fastify';
import { z } from 'zod';
import type { RouteEntry } from '../../server/app';
import { eq } from 'drizzle-orm';
import { bookings } from '../../server/db/schema';
import { encodeNameList } from '../../src/domain/reports';
import { SOURCES, TOURS, addBooking, createCompany, type CompanyFixture } from './fixtures';
import { authFor, bearer, describeEachDb, type TestApp } from './helpers';
import {
  DURING_TARGET_SLOT,
  buildRequest,
  companyRows,
  routeKey,
  seedTarget,
  tokenAfter,
  type Target,
} from './routeFillers';

/**
 * The markers of the target found in an answer: any of them in another company's answer is a leak, unless that
 * company's own rows hold it too (its Manager typed B's tour name into a note key of its own, say).
 */
function leaked(res: LightMyRequestResponse, target: Target, ownRows = ''): string[] {
  const escaped = (marker: string) => JSON.stringify(marker).slice(1, -1);
  return target.markers.filter((marker) => res.body.includes(escaped(marker)) && !ownRows.includes(escaped(marker)));
}

/** Reads first and deletions last, so every request still finds the target's rows as seeded. */
function readsFirst(routes: RouteEntry[]): RouteEntry[] {
  const rank = (r: RouteEntry) => (r.method === 'GET' ? 0 : r.method === 'DELETE' ? 2 : 1);
  return [...routes].sort((x, y) => rank(x) - rank(y));
}

describeEachDb(
  'tenant isolation, generated from the route table',
  (ctx) => {
    let a: CompanyFixture;
    let b: Target;
    /** A's tokens, renewed when a password change ends the member's sessions. */
    const tokens = { manager: '', guide: '' };

    beforeAll(async () => {
      const t = ctx();
      a = await createCompany(t.app, t.db);
      b = await seedTarget(t.app, t.db);
      tokens.manager = a.manager.token;
      tokens.guide = a.guide.token;
    });

    const signedInRoutes = (): RouteEntry[] => readsFirst(ctx().app.routeTable.filter((r) => !r.public && !r.stream));

    /** Sends the route's request aimed at company B with the token; describes what went wrong, if anything. */
    async function attack(t: TestApp, route: RouteEntry, token: string, allowed: number[]) {
      const request = await buildRequest(route, b);
      const before = await companyRows(t.db, b.company.companyId);
      const res = await t.app.inject({
        ...request,
        headers: { ...request.headers, ...authFor(route, token, a.apiKey) },
      });
      const after = await companyRows(t.db, b.company.companyId);
      const problems: string[] = [];
      const ok = res.statusCode >= 200 && res.statusCode < 300;
      if (!ok && !allowed.includes(res.statusCode)) problems.push(`answered ${res.statusCode} ${res.body}`);
      // What A sent is not a leak when the answer repeats it (a file's rows, its chosen source, a name in the path).
      const sent = JSON.stringify([decodeURIComponent(request.url), request.query, request.payload]);
      const found = leaked(res, b, JSON.stringify(await companyRows(t.db, a.companyId)) + sent);
      if (found.length > 0) problems.push(`answered company B's ${found.join(', ')}`);
      for (const table of Object.keys(before)) {
        if (JSON.stringify(before[table]) !== JSON.stringify(after[table])) problems.push(`changed B's ${table}`);
      }
      return { res, problem: problems.length > 0 ? problems.join('; ') : null };
    }

    it('covers every signed-in route: a route no filler knows fails here', async () => {
      const routes = signedInRoutes();
      expect(routes.length).toBeGreaterThanOrEqual(20);
      const missing: string[] = [];
      for (const route of routes) {
        await buildRequest(route, b).catch((err: Error) => missing.push(err.message));
      }
      expect(missing).toEqual([]);
    });

    it('names the filler to add for a route whose parameters or body it does not know', async () => {
      const route = {
        method: 'POST',
        url: '/api/vouchers/:voucherId',
        access: 'member',
        public: false,
        stream: false,
      } as const;
      await expect(buildRequest({ ...route, schema: undefined }, b)).rejects.toThrow(
        'No filler for the path parameter :voucherId of POST /api/vouchers/:voucherId: add one to test/server/routeFillers.ts',
      );
      const body = z.strictObject({ code: z.string() });
      await expect(buildRequest({ ...route, url: '/api/vouchers', schema: { body } }, b)).rejects.toThrow(
        'No filler for the body of POST /api/vouchers',
      );
    });

    it.each([
      // A 400 is a refusal of B's ids as unknown here (e.g. a shift of B's guide); schema-valid input is guaranteed.
      ['Manager', 'manager', [400, 404]],
      ['Guide', 'guide', [400, 403, 404]],
    ] as const)(
      "company A's %s gets 404, a refusal or only A's own data, and company B's rows stay as they were",
      async (_role, who, allowed) => {
        const t = ctx();
        const failures: string[] = [];
        for (const route of signedInRoutes()) {
          try {
            const { res, problem } = await attack(t, route, tokens[who], [...allowed]);
            if (problem) failures.push(`${routeKey(route)}: ${problem}`);
            tokens[who] = await tokenAfter(t.app, res, tokens[who]);
          } catch (err) {
            failures.push(`${routeKey(route)}: ${(err as Error).message}`);
          }
        }
        expect(failures).toEqual([]);
      },
    );

    it("answers 404 for company B's booking, member, tour and shift ids with A's Manager", async () => {
      const t = ctx();
      const headers = bearer(tokens.manager);
      const bookingId = b.bookingIds[0] as string;
      const answers = await Promise.all([
        t.app.inject({ method: 'PATCH', url: `/api/bookings/${bookingId}`, headers, payload: { attendees: [] } }),
        t.app.inject({ method: 'DELETE', url: `/api/user/guides/${b.guideId}`, headers }),
        // A's own company id with B's tour id: the tour is looked up within A only.
        t.app.inject({
          method: 'PATCH',
          url: `/api/company/${a.companyId}/${b.company.tourIds['Old Town Walk']}/color`,
          headers,
          payload: { color: 'pink' },
        }),
        t.app.inject({ url: `/api/shift/${encodeURIComponent(b.noteKey)}`, headers }),
        t.app.inject({
          method: 'POST',
          url: '/api/shift/guide-time-range',
          headers,
          payload: { guide: b.guideId, timeRange: { start: b.day, end: b.day } },
        }),
      ]);
      expect(answers.map((res) => res.statusCode)).toEqual([404, 404, 404, 404, 404]);
    });

    it("streams A's CSV report over B's days without a row of B's, and takes none of B's names", async () => {
      const t = ctx();
      const route = t.app.routeTable.find((r) => r.url.startsWith('/api/bookings/reports/'));
      if (!route) throw new Error('no report route');
      const request = await buildRequest(route, b);
      const named = await t.app.inject({ ...request, query: { format: 'csv' }, headers: bearer(tokens.manager) });
      expect([named.statusCode, named.json().code]).toEqual([400, 'UNKNOWN_SOURCE']);
      // The names both companies have, over B's days.
      const lists = [SOURCES, TOURS].map((names) => encodeURIComponent(encodeNameList([...names])));
      const url = [...request.url.split('/').slice(0, -2), ...lists].join('/');
      const res = await t.app.inject({ ...request, url, query: { format: 'csv' }, headers: bearer(tokens.manager) });
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toMatch(/^text\/csv/);
      expect(leaked(res, b)).toEqual([]);
      const own = await t.app.inject({
        ...request,
        query: { format: 'csv' },
        headers: bearer(b.company.manager.token),
      });
      expect(leaked(own, b)).toEqual(expect.arrayContaining([b.tour, b.source]));
    });

    it("treats company B's members as strangers on A's own rows, and never half-applies a mixed request", async () => {
      const t = ctx();
      const headers = bearer(tokens.manager);
      const own = await addBooking(t.db, a.companyId, {
        date: b.day,
        time: b.time,
        guide: a.guideName,
        guideId: a.guide.user._id,
      });
      const before = await companyRows(t.db, b.company.companyId);
      const answers = await Promise.all([
        t.app.inject({
          method: 'PATCH',
          url: `/api/bookings/${own.id}`,
          headers,
          payload: { attendees: [{ Adults: 1 }], chosenGuide: b.company.guideName },
        }),
        t.app.inject({
          method: 'PUT',
          url: '/api/bookings/assign-guide',
          headers,
          payload: { bookingIds: [own.id], guide: b.company.guideName },
        }),
        t.app.inject({
          method: 'PUT',
          url: '/api/bookings/assign-guide',
          headers,
          payload: { bookingIds: [own.id, b.bookingIds[0]], guide: a.managerName },
        }),
        t.app.inject({
          method: 'POST',
          url: `/api/shift/${encodeURIComponent(`${b.day}-${b.time}-${TOURS[0]}`)}/guides`,
          headers,
          payload: { selectedGuides: { selectedItems: [{ _id: b.guideId, attendees: [{ Adults: 1 }] }] } },
        }),
      ]);
      expect(answers.map((res) => res.statusCode)).toEqual([400, 400, 404, 400]);
      const [row] = await t.db.select().from(bookings).where(eq(bookings.id, own.id));
      expect(row).toMatchObject({ guide: a.guideName, attendedAdults: 0, version: own.version });
      expect(await companyRows(t.db, b.company.companyId)).toEqual(before);
    });

    it("sends the same requests with company B's Manager to B's rows (the fillers aim at real data)", async () => {
      const t = ctx();
      const misses: string[] = [];
      let token = b.company.manager.token;
      for (const route of signedInRoutes()) {
        const request = await buildRequest(route, b);
        const before = await companyRows(t.db, b.company.companyId);
        const res = await t.app.inject({
          ...request,
          headers: { ...request.headers, ...authFor(route, token, b.company.apiKey) },
        });
        if (route.access !== 'channel') token = await tokenAfter(t.app, res, token);
        const changed = JSON.stringify(before) !== JSON.stringify(await companyRows(t.db, b.company.companyId));
        if (res.statusCode >= 300) misses.push(`${routeKey(route)}: answered ${res.statusCode} ${res.body}`);
        else if (!changed && leaked(res, b).length === 0) {
          misses.push(`${routeKey(route)}: neither answered nor changed any of B's data`);
        }
      }
      expect(misses).toEqual([]);
    });
  },
  // During B's slot, so A's Guide passes the visibility window and the lock and reaches the company lookups.
  { now: () => DURING_TARGET_SLOT },
);
