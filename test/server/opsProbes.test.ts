import { sql } from 'drizzle-orm';
import { addBooking, createCompany, type CompanyFixture } from './fixtures';
import { bearer, describeEachDb } from './helpers';
import { metricValue } from './metricsText';

// 10:05 in Madrid: the 10:00 slot is open to check-ins.
const NOW = new Date('2026-06-15T08:05:00Z');

describeEachDb(
  'operations: probes and metrics',
  (ctx) => {
    let c: CompanyFixture;
    beforeAll(async () => {
      c = await createCompany(ctx().app, ctx().db);
    });

    it('answers GET /healthz 200 without sign-in, with the security headers of every answer', async () => {
      const res = await ctx().app.inject({ url: '/healthz' });
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({ status: 'ok' });
      expect(res.headers['x-content-type-options']).toBe('nosniff');
      expect(res.headers['content-security-policy']).toContain("default-src 'self'");
    });

    it('answers GET /readyz 200 naming each check', async () => {
      const res = await ctx().app.inject({ url: '/readyz' });
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({
        status: 'ready',
        checks: { database: 'ok', migrations: 'ok', listen: 'not started' },
      });
    });

    it('answers GET /readyz 503 NOT_READY naming the migrations while the database lacks one of this build', async () => {
      const t = ctx();
      const newest = sql`(select max(created_at) from drizzle.__drizzle_migrations)`;
      await t.db.execute(
        sql`update drizzle.__drizzle_migrations set created_at = created_at - 1 where created_at = ${newest}`,
      );
      try {
        const res = await t.app.inject({ url: '/readyz' });
        expect(res.statusCode).toBe(503);
        expect(res.json()).toMatchObject({ code: 'NOT_READY', checks: { database: 'ok', migrations: 'pending' } });
      } finally {
        await t.db.execute(
          sql`update drizzle.__drizzle_migrations set created_at = created_at + 1 where created_at = ${newest}`,
        );
      }
      expect((await t.app.inject({ url: '/readyz' })).statusCode).toBe(200);
    });

    it('counts a request under its route pattern and status, never its address', async () => {
      const t = ctx();
      const series = { method: 'GET', route: '/api/bookings/:id/history', status_code: '401' };
      const before = await metricValue(t.app, 'tourdesk_http_request_duration_seconds_count', series);
      const id = '00000000-0000-4000-8000-000000000001';
      expect((await t.app.inject({ url: `/api/bookings/${id}/history` })).statusCode).toBe(401);
      expect(await metricValue(t.app, 'tourdesk_http_request_duration_seconds_count', series)).toBe(before + 1);
      const text = (await t.app.inject({ url: '/metrics' })).body;
      expect(text).not.toContain(id);
    });

    it('counts the events appended and a check-in sent again as an outbox replay', async () => {
      const t = ctx();
      const id = (await addBooking(t.db, c.companyId, { date: '2026-06-15', time: '10:00', adults: 3 })).id;
      const events = () => metricValue(t.app, 'tourdesk_events_appended_total');
      const replays = () => metricValue(t.app, 'tourdesk_outbox_replays_total');
      const [eventsBefore, replaysBefore] = [await events(), await replays()];
      const send = () =>
        t.app.inject({
          method: 'PATCH',
          url: `/api/bookings/${id}`,
          headers: { ...bearer(c.manager.token), 'idempotency-key': '"ops-metrics-1"' },
          payload: { attendees: [{ Adults: 2 }] },
        });
      expect((await send()).statusCode).toBe(200);
      expect([await events(), await replays()]).toEqual([eventsBefore + 1, replaysBefore]);
      expect((await send()).statusCode).toBe(200);
      expect([await events(), await replays()]).toEqual([eventsBefore + 1, replaysBefore + 1]);
    });

    it('reports the PostgreSQL pool, and leaves it out for the embedded database', async () => {
      const t = ctx();
      const text = (await t.app.inject({ url: '/metrics' })).body;
      const kind = t.database.kind;
      expect(text.includes('tourdesk_db_pool_connections_in_use')).toBe(kind === 'postgres');
      expect(text.includes('tourdesk_db_pool_waiting')).toBe(kind === 'postgres');
    });

    it('keeps the operations routes out of the API document', async () => {
      const doc = (await ctx().app.inject({ url: '/api/docs/json' })).json<{ paths: Record<string, unknown> }>();
      expect(Object.keys(doc.paths).filter((path) => !path.startsWith('/api') && !path.startsWith('/auth'))).toEqual(
        [],
      );
    });
  },
  { now: () => NOW },
);
