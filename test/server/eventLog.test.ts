import { sql, eq, desc } from 'drizzle-orm';
import type { RouteEntry } from '../../server/app';
import { bookings, events } from '../../server/db/schema';
import { bearer, describeEachDb, type TestApp } from './helpers';
import { DURING_TARGET_SLOT, buildRequest, companyRows, routeKey, seedTarget, type Target } from './routeFillers';

/** Signed-in calls that change nothing of the company's: sessions, a member's own password, reads sent as POST. */
const NO_EVENT: Record<string, string> = {
  'POST /auth/logout': 'ends a session',
  'POST /api/user/changePassword': "the member's own credentials",
  'POST /api/bookings/guide-time-range': 'a read with a body',
  'POST /api/shift/guide-time-range': 'a read with a body',
  'POST /api/bookings/fees': 'a read with a body',
  'POST /api/imports/inspect': 'a read with a file',
  'POST /api/imports/preview': 'a read with a file',
  // One event per booking and one for the import, batch by batch: test/server/imports.test.ts checks them.
  'POST /api/imports/apply': 'many events, tested on their own',
  'POST /api/imports/:id/undo': 'an event per booking and one for the undo: test/server/importUndo.test.ts',
};

const DEVICE = { 'x-device-id': 'tablet-7', 'user-agent': 'Mozilla/5.0 (iPad; CPU OS 17_0 like Mac OS X)' };

/**
 * A member's writes, first those that need the rows deletions remove. The channel API's writes name their key, not a
 * member: test/server/channelApi.test.ts checks their events.
 */
const writeRoutes = (t: TestApp): RouteEntry[] =>
  t.app.routeTable
    .filter((r) => r.method !== 'GET' && !r.public && !r.stream && r.access !== 'channel' && !(routeKey(r) in NO_EVENT))
    .sort((x, y) => Number(x.method === 'DELETE') - Number(y.method === 'DELETE'));

async function companyEvents(t: TestApp, companyId: string) {
  return t.db.select().from(events).where(eq(events.companyId, companyId)).orderBy(desc(events.id));
}

/** Makes every insert into the log fail, as a full disk or a lost connection would at that statement. */
async function refuseEvents(t: TestApp, refuse: boolean): Promise<void> {
  if (refuse) {
    await t.db.execute(sql`create or replace function refuse_event() returns trigger language plpgsql
      as $$ begin raise exception 'the event log refused the write'; end $$`);
    await t.db.execute(
      sql`create trigger refuse_event before insert on events for each row execute function refuse_event()`,
    );
  } else {
    await t.db.execute(sql`drop trigger refuse_event on events`);
  }
}

describeEachDb(
  'the event log, generated from the route table',
  (ctx) => {
    let target: Target;
    beforeAll(async () => {
      target = await seedTarget(ctx().app, ctx().db);
    });

    it('lists the signed-in writes it exempts, and every one of them exists', () => {
      const keys = new Set(ctx().app.routeTable.map(routeKey));
      expect(Object.keys(NO_EVENT).filter((key) => !keys.has(key))).toEqual([]);
      expect(writeRoutes(ctx()).length).toBeGreaterThanOrEqual(14);
    });

    it('writes exactly one event per write, in its transaction: with the log refusing, the change is not made', async () => {
      const t = ctx();
      const token = target.company.manager.token;
      const failures: string[] = [];
      for (const route of writeRoutes(t)) {
        const key = routeKey(route);
        const request = await buildRequest(route, target);
        await refuseEvents(t, true);
        const before = await companyRows(t.db, target.company.companyId);
        const refused = await t.app.inject({
          ...request,
          headers: { ...request.headers, ...bearer(token), ...DEVICE },
        });
        await refuseEvents(t, false);
        const unchanged = JSON.stringify(await companyRows(t.db, target.company.companyId)) === JSON.stringify(before);
        if (refused.statusCode !== 500 || !unchanged) {
          failures.push(`${key}: with the log refusing answered ${refused.statusCode}, changed rows: ${!unchanged}`);
          continue;
        }
        const logged = (await companyEvents(t, target.company.companyId)).length;
        const again = await buildRequest(route, target);
        const res = await t.app.inject({ ...again, headers: { ...again.headers, ...bearer(token), ...DEVICE } });
        const after = await companyEvents(t, target.company.companyId);
        if (res.statusCode >= 300) failures.push(`${key}: answered ${res.statusCode} ${res.body}`);
        else if (after.length !== logged + 1) failures.push(`${key}: wrote ${after.length - logged} events`);
        else {
          const [event] = after;
          if (event?.memberId !== target.company.manager.user._id) failures.push(`${key}: the event names no member`);
          if (event?.deviceId !== DEVICE['x-device-id'] || event.userAgent !== DEVICE['user-agent']) {
            failures.push(`${key}: the event names no device`);
          }
        }
      }
      expect(failures).toEqual([]);
    });

    it("writes no event for a Guide refused a Manager's write, nor for a stale edit", async () => {
      const t = ctx();
      const logged = (await companyEvents(t, target.company.companyId)).length;
      const failures: string[] = [];
      for (const route of writeRoutes(t).filter((r) => r.access === 'manager')) {
        const res = await t.app.inject({
          ...(await buildRequest(route, target)),
          headers: bearer(target.company.guide.token),
        });
        if (res.statusCode !== 403) failures.push(`${routeKey(route)}: answered ${res.statusCode}`);
      }
      const stale = await t.app.inject({
        method: 'PATCH',
        url: `/api/bookings/edit/${target.bookingIds[1]}`,
        headers: bearer(target.company.manager.token),
        payload: {
          bookingAfterEditServer: {
            name: 'Too late',
            customers: [{ Adults: 2 }],
            time: target.time,
            tour: target.tour,
            date: target.day,
            cancelled: false,
          },
          // The assignments above moved it past its first version.
          version: 1,
        },
      });
      expect(stale.statusCode).toBe(409);
      expect(failures).toEqual([]);
      expect(await companyEvents(t, target.company.companyId)).toHaveLength(logged);
    });

    it('writes no event when an edit changes nothing', async () => {
      const t = ctx();
      const logged = (await companyEvents(t, target.company.companyId)).length;
      const [booking] = await t.db
        .select()
        .from(bookings)
        .where(eq(bookings.id, target.bookingIds[1] as string));
      const res = await t.app.inject({
        method: 'PATCH',
        url: `/api/bookings/edit/${target.bookingIds[1]}`,
        headers: bearer(target.company.manager.token),
        payload: {
          bookingAfterEditServer: {
            name: booking?.name,
            customers: [{ Adults: booking?.adults }],
            time: target.time,
            tour: target.tour,
            date: target.day,
            cancelled: false,
          },
          version: booking?.version,
        },
      });
      expect(res.statusCode).toBe(200);
      expect(await companyEvents(t, target.company.companyId)).toHaveLength(logged);
    });
  },
  { now: () => DURING_TARGET_SLOT },
);
