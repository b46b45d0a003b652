/**
 * Street mode's outbox under a bad network (issue 23): simulated devices, each the app's own store, outbox thunks
 * and sender (src/features/slot/outbox) in a worker thread with its own fake IndexedDB, tap check-ins on their own
 * bookings against a real server. 30 % of check-in requests are lost (half before the server, half after it
 * committed), each page reloads five times and goes offline twice; then the log and the bookings are checked.
 *   npm run bench:outbox                             both targets
 *   BENCH_TARGETS=postgres npm run bench:outbox      PostgreSQL only
 *   BENCH_TAP_MS=500-1500 BENCH_CHECKINS=200 npm run bench:outbox      a guide's pace, about a minute
 * At the defaults a target takes about 2 minutes, half of it the outboxes draining after the last tap (the sender's
 * waits after drops; bench/RESULTS.md). The targets share nothing: two runs with one target each may run at once.
 * Settings: BENCH_TARGETS (postgres,embedded), BENCH_DEVICES (4), BENCH_CHECKINS (1000), BENCH_DROP_RATE (0.3),
 * BENCH_BOOKINGS_PER_DEVICE (30), BENCH_TAP_MS (10-70: the pause between taps), BENCH_OFFLINE_MS (3000),
 * BENCH_DRAIN_SECONDS (900), BENCH_SEED (1), BENCH_APP=tsx|bundle (tsx), BENCH_DATABASE_URL (admin URL;
 * `tourdesk_bench_outbox_<pid>` is created and dropped). Exit status 1 when an operation is lost or applied twice,
 * a booking ends on other counts than its last check-in, or an entry is left on a device.
 */
import { execFileSync } from 'node:child_process';
import { cpus, loadavg, totalmem } from 'node:os';
import { openEmbedded } from '../server/db/client';
import { ROOT, freePort, startTourdesk, type AppBuild } from './lib/appProcess';
import { dropPostgres, freshEmbedded, freshPostgres, ownerOf } from './lib/benchDb';
import { checkOutbox, type OutboxCheck } from './lib/outboxChecks';
import { devicePlans, seedOutbox, type OutboxSettings } from './lib/outboxFixture';
import type { DeviceReport } from './lib/outboxPlan';
import { runDevice } from './lib/outboxWorkers';

const DB_NAME = `tourdesk_bench_outbox_${process.pid}`;
const env = (name: string, fallback: number) => Number(process.env[name] ?? fallback);
const TARGETS = (process.env.BENCH_TARGETS ?? 'postgres,embedded').split(',').map((t) => t.trim());
const BUILD: AppBuild = process.env.BENCH_APP === 'bundle' ? 'bundle' : 'tsx';
const [tapMin = 10, tapMax = 70] = (process.env.BENCH_TAP_MS ?? '10-70').split('-').map(Number);
const SETTINGS: OutboxSettings = {
  devices: env('BENCH_DEVICES', 4),
  checkIns: env('BENCH_CHECKINS', 1000),
  bookingsPerDevice: env('BENCH_BOOKINGS_PER_DEVICE', 30),
  dropRate: env('BENCH_DROP_RATE', 0.3),
  tapMs: [tapMin, tapMax],
  offlineMs: env('BENCH_OFFLINE_MS', 3000),
  drainMs: env('BENCH_DRAIN_SECONDS', 900) * 1000,
  seed: env('BENCH_SEED', 1),
};

const rows: string[] = [];
const problems: string[] = [];
const sum = (reports: DeviceReport[], count: (r: DeviceReport) => number) => reports.reduce((s, r) => s + count(r), 0);
const seconds = (ms: number) => `${(ms / 1000).toFixed(1)} s`;

function report(target: string, reports: DeviceReport[], check: OutboxCheck, wallMs: number): void {
  const ops = sum(reports, (r) => r.operations.length);
  const attempts = sum(reports, (r) => r.network.attempts);
  const left = sum(reports, (r) => Object.values(r.left).reduce((a, b) => a + b, 0));
  const answers: Record<string, number> = {};
  for (const r of reports) for (const [k, n] of Object.entries(r.network.answers)) answers[k] = (answers[k] ?? 0) + n;
  for (const r of reports) {
    const n = r.network;
    console.log(
      `  device ${r.index}: ${r.operations.length} check-ins, ${n.attempts} requests (${n.dropsBefore} dropped before, ` +
        `${n.dropsAfter} after, ${n.offline} offline, ${n.cutByReload} cut by a reload; at most ${n.maxTries} ` +
        `tries for one), ${r.reloads} reloads, drained ${seconds(r.drainMs)} after its last tap`,
    );
    problems.push(...r.problems.map((p) => `${target}, device ${r.index}: ${p}`));
  }
  console.log(`  answers read: ${JSON.stringify(answers)}`);
  const failures = [
    ...check.lost.map((id) => `lost: ${id}`),
    ...check.duplicates.map((d) => `applied twice: ${d}`),
    ...check.wrongCounts.map((w) => `wrong counts: ${w}`),
    ...(check.strangers ? [`${check.strangers} events of no device's operation`] : []),
    ...(left ? [`${left} entries left on the devices`] : []),
  ];
  problems.push(...failures.slice(0, 10).map((f) => `${target}: ${f}`));
  rows.push(
    `| ${target} | ${ops} | ${attempts} | ${sum(reports, (r) => r.network.dropsBefore)} | ` +
      `${sum(reports, (r) => r.network.dropsAfter)} | ${sum(reports, (r) => r.network.offline)} | ` +
      `${sum(reports, (r) => r.network.cutByReload)} | ${sum(reports, (r) => r.reloads)} | ${attempts - ops} | ` +
      `${check.events} | ${check.duplicates.length} | ${check.lost.length} | ${check.wrongCounts.length} | ${left} | ` +
      `${seconds(Math.max(...reports.map((r) => r.drainMs)))} | ${seconds(wallMs)} |`,
  );
}

async function runTarget(target: 'postgres' | 'embedded'): Promise<void> {
  console.log(`\n== ${target} == ${new Date().toISOString()}, load average ${loadavg()[0]?.toFixed(2)}`);
  const pg = target === 'postgres' ? await freshPostgres(DB_NAME) : undefined;
  const embedded = pg ? undefined : await freshEmbedded();
  const database = pg?.database ?? (embedded?.database as NonNullable<typeof embedded>['database']);
  const fixture = await seedOutbox(ownerOf(database), SETTINGS);
  if (embedded) await embedded.database.close();
  const server = await startTourdesk({
    build: BUILD,
    port: await freePort(),
    env: pg ? { DATABASE_URL: pg.url } : { DATA_DIR: embedded?.dataDir as string },
  });
  let reports: DeviceReport[];
  let wallMs: number;
  try {
    const plans = await devicePlans(server.url, fixture, SETTINGS);
    const started = performance.now();
    reports = await Promise.all(plans.map(runDevice));
    wallMs = performance.now() - started;
  } finally {
    await server.stop();
  }
  // The embedded database is one process's: it is read once the server has let it go.
  const reopened = embedded ? await openEmbedded(embedded.dataDir) : undefined;
  const check = await checkOutbox(
    ownerOf(reopened ?? database),
    reports.flatMap((r) => r.operations),
  );
  await (reopened ?? database).close();
  if (pg) await dropPostgres(DB_NAME);
  embedded?.remove();
  report(target === 'postgres' ? 'PostgreSQL' : 'Embedded', reports, check, wallMs);
}

async function main(): Promise<void> {
  const s = SETTINGS;
  console.log(
    `${new Date().toISOString()} · ${cpus().length} × ${cpus()[0]?.model ?? 'cpu'}, ${Math.round(totalmem() / 2 ** 30)} GiB` +
      ` · Node ${process.version} · server from ${BUILD} · ${s.checkIns} check-ins from ${s.devices} devices on ` +
      `${s.bookingsPerDevice} bookings each, ${s.dropRate * 100} % dropped, taps ${s.tapMs.join('–')} ms apart`,
  );
  if (BUILD === 'bundle') execFileSync(process.execPath, ['scripts/build-server.mjs'], { cwd: ROOT, stdio: 'inherit' });
  for (const target of ['postgres', 'embedded'] as const) if (TARGETS.includes(target)) await runTarget(target);
  console.log(
    '\n| target | check-ins | requests | dropped before | dropped after | offline | cut by reload | reloads | retries |' +
      ' events | applied twice | lost | wrong counts | left on devices | drain after last tap | wall |\n' +
      `|---|${'---:|'.repeat(15)}\n${rows.join('\n')}`,
  );
  if (problems.length) {
    console.log(`\nFAILED:\n  ${problems.join('\n  ')}`);
    process.exitCode = 1;
  } else {
    console.log('\nPASS: every operation applied exactly once, every booking on its last check-in, every outbox empty');
  }
}

main().catch(async (err: unknown) => {
  console.error(err);
  await dropPostgres(DB_NAME).catch(() => undefined);
  process.exit(1);
});
