/**
 * 30 seconds of the mixed traffic of bench/lib/traffic.ts against the app listening on 127.0.0.1. It runs once, on
 * PostgreSQL when TEST_DATABASE_URL is set (the production database, where requests really run in parallel over a
 * connection pool and row-level security applies), else on the embedded database: running it on both would double
 * the suite's longest test, and the concurrency suite already covers the write races on both databases.
 * No throughput is asserted (speed belongs in bench/); what must hold is correctness under load.
 */
import type { AddressInfo } from 'node:net';
import { signInConnections } from '../../bench/lib/sessions';
import { runTraffic } from '../../bench/lib/traffic';
import { seedTraffic } from '../../bench/lib/trafficData';
import { verifyCheckIns } from '../../bench/lib/verifyWrites';
import { createTestApp, type DbKind, type TestApp } from './helpers';

const KIND: DbKind = process.env.TEST_DATABASE_URL ? 'postgres' : 'pglite';
const SECONDS = 30;

describe(`30 s of mixed signed-in traffic [${KIND}]`, () => {
  let testApp: TestApp | undefined;

  afterAll(async () => {
    await testApp?.close();
  });

  it('answers every request with a 2xx and stores every acknowledged check-in', async () => {
    testApp = await createTestApp(KIND);
    const { app, db } = testApp;
    await app.listen({ host: '127.0.0.1', port: 0 });
    const url = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;
    const fixture = await seedTraffic(db, { companies: 10, daysBack: 3, daysAhead: 3 });
    const connections = await signInConnections(url, fixture, 10);

    const result = await runTraffic({ url, fixture, connections, durationSeconds: SECONDS });

    expect(result.samples).toEqual([]);
    expect(result.errors).toBe(0);
    expect(result.timeouts).toBe(0);
    expect(result.non2xxByStatus).toEqual({});
    // Every part of the mix ran, so the assertions above covered each kind of call.
    for (const op of ['day', 'slot', 'nearby', 'report', 'checkIn', 'refresh'] as const) {
      expect(result.byOperation[op]?.count ?? 0).toBeGreaterThan(0);
    }
    const writes = await verifyCheckIns(db, result.checkIns);
    expect(writes.acknowledged).toBeGreaterThan(0);
    expect(writes.lost).toEqual([]);
  }, 180_000);
});
