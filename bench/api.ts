/**
 * Issue 7 benchmark 1: the API under mixed load, on PostgreSQL and on the embedded database, and side by side a bare
 * Fastify + pg handler running the slot read's SQL against Tourdesk's slot read.
 *   npm run bench:api                                  both targets, 30 s per phase
 *   BENCH_TARGETS=postgres npm run bench:api           PostgreSQL only (mixed, slot read, bare baseline)
 * Settings: BENCH_PHASES (mixed,slot,bare: the PostgreSQL phases to run), BENCH_SECONDS (30), BENCH_WARMUP_SECONDS
 * (5), BENCH_WORKERS (Tourdesk's server processes on PostgreSQL, WEB_CONCURRENCY: 2, one per
 * core), BENCH_BARE_WORKERS (the bare baseline's: 1), BENCH_MIX (the mixed phase's operations and weights, e.g. `day` or `report:3,checkIn:1`, to see what one kind
 * of request costs; the issue's mix when unset), BENCH_CONNECTIONS (20), BENCH_COMPANIES (20), BENCH_APP=bundle|tsx (bundle: builds dist/server/main.mjs
 * first), BENCH_CPU_PROF=1 (profiles the server of each phase and prints its top costs), BENCH_DATABASE_URL (admin
 * URL; a database `tourdesk_bench_api_<pid>` is created and dropped),
 * BENCH_COMPARE_ENTRY (another server bundle, e.g. an earlier commit's, put through the same PostgreSQL phases in
 * the same run on the same data: the way to measure what a change costs on a machine whose load varies),
 * BENCH_RATE (paced: the mixed phases send this many requests per second over all connections, autocannon's
 * `overallRate`, and latency is read at that pace; a closed loop, as fast as answered, when unset; on the embedded
 * database too, where BENCH_COMPARE_ENTRY alternates with this build for BENCH_ROUNDS rounds as well),
 * BENCH_COMPARE_ENV (`NAME=value ...`: settings for the compared server, e.g. `DATABASE_POOL_SIZE=4`; this build again
 * when no BENCH_COMPARE_ENTRY is given), BENCH_ROUNDS (1: with a comparison, both alternate this many times and the
 * summary gives each one's median, since one run of a build against another moved ±15 % here; the bare baseline
 * runs in every round, after this build's phases, and the slot ratio is the median of the rounds' own ratios), BENCH_POOL_SIZE
 * (Tourdesk's DATABASE_POOL_SIZE: the server's default when unset). To build
 * an earlier commit's bundle without touching the checkout:
 *   git archive <commit> | tar -x -C /tmp/td-old && ln -s "$PWD/node_modules" /tmp/td-old/node_modules \
 *     && (cd /tmp/td-old && node scripts/build-server.mjs)   then BENCH_COMPARE_ENTRY=/tmp/td-old/dist/server/main.mjs
 * Each server runs in its own process; the load generator runs in this one. Exit status 1 if a write was lost or a
 * request failed; the targets are reported, not enforced.
 */
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readdirSync } from 'node:fs';
import { cpus, tmpdir, totalmem } from 'node:os';
import { join } from 'node:path';
import { drizzle } from 'drizzle-orm/node-postgres';
import { Pool } from 'pg';
import { openEmbedded, type Database } from '../server/db/client';
import * as schema from '../server/db/schema';
import { listSlotBookings } from '../server/modules/bookings/bookingReads.repository';
import {
  ROOT,
  cpuSeconds,
  freePort,
  treeCpuSeconds,
  startBareSlotServer,
  startTourdesk,
  type AppBuild,
  type ServerProcess,
} from './lib/appProcess';
import { backendPids, dropPostgres, freshEmbedded, freshPostgres, ownerOf } from './lib/benchDb';
import { topCosts } from './lib/cpuProfile';
import { signInConnections, type Connection } from './lib/sessions';
import { MIXED, OPERATIONS, describeResult, runTraffic, type Mix, type TrafficResult } from './lib/traffic';
import { seedTraffic, type Slot, type TrafficFixture } from './lib/trafficData';
import { verifyCheckIns, type WriteCheck } from './lib/verifyWrites';

/** One database per run: two runs at once (several people share this machine) must not drop each other's. */
const DB_NAME = `tourdesk_bench_api_${process.pid}`;
const SECONDS = Number(process.env.BENCH_SECONDS ?? 30);
const WARMUP = Number(process.env.BENCH_WARMUP_SECONDS ?? 5);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 20);
const COMPANIES = Number(process.env.BENCH_COMPANIES ?? 20);
const BUILD: AppBuild = process.env.BENCH_APP === 'tsx' ? 'tsx' : 'bundle';
const TARGETS = (process.env.BENCH_TARGETS ?? 'postgres,embedded').split(',').map((t) => t.trim());
const PROFILE = process.env.BENCH_CPU_PROF === '1';
/** The PostgreSQL phases to run: the mixed load, Tourdesk's slot read alone, the bare baseline. */
const COMPARE_ENTRY = process.env.BENCH_COMPARE_ENTRY;
/** `NAME=value` pairs, space-separated: the compared server's settings (e.g. `DATABASE_POOL_SIZE=10`). */
const COMPARE_ENV = parseSettings(process.env.BENCH_COMPARE_ENV);
/** How many times the PostgreSQL phases run, alternating with the compared build or settings when there is one. */
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 1);
/** Tourdesk's server processes on PostgreSQL (WEB_CONCURRENCY). */
const WORKERS = Number(process.env.BENCH_WORKERS ?? 2);
/** Each Tourdesk process's PostgreSQL connections (DATABASE_POOL_SIZE): the server's default when unset. */
const POOL_SIZE = process.env.BENCH_POOL_SIZE;
/**
 * The bare baseline's: 1, its best here (a second process only adds contention for the two cores: 2,823 against
 * 3,769 req/s), so the ratio compares Tourdesk with the baseline at its fastest.
 */
const BARE_WORKERS = Number(process.env.BENCH_BARE_WORKERS ?? 1);
/** Requests per second of the mixed phases (autocannon's overallRate); a closed loop when unset. */
const RATE = process.env.BENCH_RATE ? Number(process.env.BENCH_RATE) : undefined;
const PHASES = (process.env.BENCH_PHASES ?? 'mixed,slot,bare').split(',').map((p) => p.trim());
const SLOT_ONLY: Mix = { slot: 1 };
const MIX = parseMix(process.env.BENCH_MIX);

function parseSettings(text: string | undefined): Record<string, string> {
  const settings: Record<string, string> = {};
  for (const pair of (text ?? '').split(/\s+/).filter(Boolean)) {
    const match = /^([A-Z_][A-Z0-9_]*)=(.*)$/.exec(pair);
    if (!match) throw new Error(`BENCH_COMPARE_ENV: ${pair} is not NAME=value`);
    settings[match[1] as string] = match[2] as string;
  }
  return settings;
}

/** `day` or `report:3,checkIn:1`: a weight of 1 when none is given. */
function parseMix(text: string | undefined): Mix {
  if (!text) return MIXED;
  const mix: Mix = {};
  for (const part of text.split(',')) {
    const [op, weight = '1'] = part.trim().split(':');
    const operation = OPERATIONS.find((o) => o === op);
    if (!operation || !(Number(weight) > 0))
      throw new Error(`BENCH_MIX: ${part} is not an operation (${OPERATIONS.join(', ')}) with a positive weight`);
    mix[operation] = Number(weight);
  }
  return mix;
}

interface Row {
  label: string;
  result: TrafficResult;
  writes?: WriteCheck;
}

const rows: Row[] = [];
let failed = false;

function profileFlags(phase: string): { flags: string[]; dir: string } | undefined {
  if (!PROFILE) return undefined;
  const dir = mkdtempSync(join(tmpdir(), `tourdesk-prof-${phase}-`));
  return { flags: ['--cpu-prof', `--cpu-prof-dir=${dir}`], dir };
}

function printProfile(phase: string, dir: string | undefined): void {
  if (!dir) return;
  for (const file of readdirSync(dir).filter((f) => f.endsWith('.cpuprofile'))) {
    const { functions, places } = topCosts(join(dir, file), ROOT, 20);
    console.log(`\nCPU profile of the ${phase} server (${join(dir, file)}), by self time:`);
    for (const cost of places.slice(0, 12)) console.log(`  ${String(cost.share).padStart(5)} %  ${cost.name}`);
    console.log('  top functions:');
    for (const cost of functions) console.log(`  ${String(cost.share).padStart(5)} %  ${cost.name}`);
  }
}

interface Cpu {
  serverMs: number;
  postgresMs: number;
  generatorMs: number;
}

/** Runs one phase and measures, besides the traffic, the CPU each process spent per request. */
async function measure(
  label: string,
  server: ServerProcess,
  run: () => Promise<TrafficResult>,
  dbName?: string,
): Promise<TrafficResult> {
  const backends = async () => new Map((dbName ? await backendPids(dbName) : []).map((pid) => [pid, cpuSeconds(pid)]));
  const before = { server: treeCpuSeconds(server.pid), postgres: await backends(), generator: process.cpuUsage() };
  const result = await run();
  const generator = process.cpuUsage(before.generator);
  let postgres = 0;
  for (const [pid, seconds] of await backends()) postgres += seconds - (before.postgres.get(pid) ?? 0);
  const perRequest = (seconds: number) => Math.round((seconds / Math.max(1, result.requests)) * 1e5) / 100;
  const cpu: Cpu = {
    serverMs: perRequest(treeCpuSeconds(server.pid) - before.server),
    postgresMs: perRequest(postgres),
    generatorMs: perRequest((generator.user + generator.system) / 1e6),
  };
  console.log(describeResult(label, result));
  console.log(
    `  CPU per request: server ${cpu.serverMs} ms, PostgreSQL ${dbName ? `${cpu.postgresMs} ms` : '–'}, ` +
      `load generator ${cpu.generatorMs} ms`,
  );
  if (result.samples.length) console.log(`  unexpected answers: ${result.samples.join('\n  ')}`);
  if (result.errors > 0 || result.non2xx > 0) failed = true;
  cpuOf.set(result, cpu);
  return result;
}

const cpuOf = new WeakMap<TrafficResult, Cpu>();

async function warmUp(url: string, fixture: TrafficFixture, connections: Connection[], mix: Mix, slotPath?: SlotPath) {
  if (WARMUP > 0) await runTraffic({ url, fixture, connections, durationSeconds: WARMUP, mix, slotPath, seed: 99 });
}

type SlotPath = (companyId: string, slot: Slot) => string;
const bareSlotPath: SlotPath = (companyId, slot) =>
  `/bare/${companyId}/${slot.day}/${slot.time}/${encodeURIComponent(slot.tour)}`;

/** The SQL Tourdesk's repository sends for a slot read, taken from Drizzle's query log, with its parameter order. */
async function slotReadSql(url: string, fixture: TrafficFixture): Promise<{ text: string; order: string[] }> {
  const company = fixture.companies[0];
  const slot = company?.slots[0];
  if (!company || !slot) throw new Error('no slot seeded');
  const logged: Array<{ query: string; params: unknown[] }> = [];
  const pool = new Pool({ connectionString: url, max: 1 });
  const db = drizzle(pool, { schema, logger: { logQuery: (query, params) => logged.push({ query, params }) } });
  await listSlotBookings(db as never, company.id, slot);
  await pool.end();
  const last = logged[logged.length - 1];
  if (!last) throw new Error('the slot read logged no query');
  const values: Record<string, unknown> = { company: company.id, ...slot };
  const order = last.params.map((param) => {
    const name = Object.keys(values).find((key) => values[key] === param);
    if (!name) throw new Error(`cannot place parameter ${String(param)} of the slot query`);
    return name;
  });
  return { text: last.query, order };
}

/** The mixed load and Tourdesk's slot read alone against one Tourdesk server on PostgreSQL. */
async function tourdeskPhases(
  url: string,
  database: Database,
  fixture: TrafficFixture,
  name: string,
  entry?: string,
  settings: Record<string, string> = {},
): Promise<void> {
  const prof = profileFlags('postgres');
  const app = await startTourdesk({
    build: BUILD,
    entry,
    port: await freePort(),
    env: {
      DATABASE_URL: url,
      WEB_CONCURRENCY: String(WORKERS),
      ...(POOL_SIZE ? { DATABASE_POOL_SIZE: POOL_SIZE } : {}),
      ...settings,
    },
    nodeFlags: prof?.flags,
  });
  try {
    const connections = await signInConnections(app.url, fixture, CONNECTIONS);
    await warmUp(app.url, fixture, connections, PHASES.includes('mixed') ? MIX : SLOT_ONLY);
    if (PHASES.includes('mixed')) {
      const mixed = await measure(
        `${name}, mixed`,
        app,
        () => runTraffic({ url: app.url, fixture, connections, durationSeconds: SECONDS, mix: MIX, rate: RATE }),
        DB_NAME,
      );
      const writes = await verifyCheckIns(ownerOf(database), mixed.checkIns);
      reportWrites(writes);
      rows.push({ label: `${name}, mixed`, result: mixed, writes });
    }
    if (PHASES.includes('slot')) {
      const slot = await measure(
        `${name}, Tourdesk slot read alone`,
        app,
        () => runTraffic({ url: app.url, fixture, connections, durationSeconds: SECONDS, mix: SLOT_ONLY }),
        DB_NAME,
      );
      rows.push({ label: `${name}, Tourdesk slot read alone`, result: slot });
    }
  } finally {
    await app.stop();
  }
  printProfile(`Tourdesk (${name})`, prof?.dir);
}

async function benchPostgres(): Promise<void> {
  console.log(`\n== PostgreSQL (${DB_NAME}) ==`);
  const { url, database } = await freshPostgres(DB_NAME);
  const fixture = await seedTraffic(ownerOf(database), { companies: COMPANIES });
  console.log(`seeded ${COMPANIES} companies, ${fixture.bookingCount.toLocaleString('en')} bookings`);
  const sql = await slotReadSql(url, fixture);

  // With a compared build or settings: the same phases against it, in the same run on the same data (e.g. the last
  // commit's bundle), alternating with this build for BENCH_ROUNDS rounds so that drift in the machine's speed
  // falls on both.
  // The bare baseline runs in every round too, next to this build's slot read, so that their ratio compares two
  // runs of the same moment.
  const comparing = COMPARE_ENTRY !== undefined || Object.keys(COMPARE_ENV).length > 0;
  for (let round = 1; round <= ROUNDS; round++) {
    const suffix = ROUNDS > 1 ? ` (round ${round})` : '';
    await tourdeskPhases(url, database, fixture, `PostgreSQL${suffix}`);
    if (PHASES.includes('bare')) await barePhase(url, fixture, sql, `PostgreSQL${suffix}`);
    if (comparing) {
      await tourdeskPhases(url, database, fixture, `PostgreSQL, compared${suffix}`, COMPARE_ENTRY, COMPARE_ENV);
    }
  }
  await database.close();
  await dropPostgres(DB_NAME);
}

/** The bare Fastify + pg server running the slot read's SQL: no auth, no validation, no tenancy. */
async function barePhase(
  url: string,
  fixture: TrafficFixture,
  sql: { text: string; order: string[] },
  name: string,
): Promise<void> {
  const label = `${name}, bare Fastify + pg slot read`;
  const bare = await startBareSlotServer({
    port: await freePort(),
    env: {
      BARE_WORKERS: String(BARE_WORKERS),
      BARE_DATABASE_URL: url,
      BARE_SLOT_SQL: sql.text,
      BARE_SLOT_PARAMS: sql.order.join(','),
    },
  });
  try {
    // The bare server ignores the tokens; the connections only carry the companies and their slots.
    const connections = signInConnectionsOffline(fixture);
    await warmUp(bare.url, fixture, connections, SLOT_ONLY, bareSlotPath);
    const result = await measure(
      label,
      bare,
      () =>
        runTraffic({
          url: bare.url,
          fixture,
          connections,
          durationSeconds: SECONDS,
          mix: SLOT_ONLY,
          slotPath: bareSlotPath,
        }),
      DB_NAME,
    );
    rows.push({ label, result });
  } finally {
    await bare.stop();
  }
}

/** Connections for a server that checks no token: same companies and slots, placeholder sessions. */
function signInConnectionsOffline(fixture: TrafficFixture): Connection[] {
  return Array.from({ length: CONNECTIONS }, (_, i) => {
    const company = fixture.companies[i % fixture.companies.length] as TrafficFixture['companies'][number];
    const session = { ...company.manager, token: 'none', refresh: 'none' };
    return { company, manager: session, guide: session, checkInsByManager: [], checkInsByGuide: [] };
  });
}

async function benchEmbedded(): Promise<void> {
  console.log('\n== Embedded database (PGlite) ==');
  const embedded = await freshEmbedded();
  const fixture = await seedTraffic(embedded.database.db, { companies: COMPANIES });
  await embedded.database.close();
  console.log(`seeded ${COMPANIES} companies, ${fixture.bookingCount.toLocaleString('en')} bookings`);

  for (let round = 1; round <= ROUNDS; round++) {
    const suffix = ROUNDS > 1 ? ` (round ${round})` : '';
    await embeddedPhase(embedded.dataDir, fixture, `Embedded${suffix}`);
    if (COMPARE_ENTRY) await embeddedPhase(embedded.dataDir, fixture, `Embedded, compared${suffix}`, COMPARE_ENTRY);
  }
  embedded.remove();
}

/** The mixed load against one Tourdesk server on the embedded database; its check-ins checked after it stops. */
async function embeddedPhase(dataDir: string, fixture: TrafficFixture, name: string, entry?: string): Promise<void> {
  const prof = profileFlags('embedded');
  const app = await startTourdesk({
    build: BUILD,
    entry,
    port: await freePort(),
    env: { DATA_DIR: dataDir },
    nodeFlags: prof?.flags,
  });
  let mixed: TrafficResult;
  try {
    const connections = await signInConnections(app.url, fixture, CONNECTIONS);
    await warmUp(app.url, fixture, connections, MIX);
    mixed = await measure(`${name}, mixed`, app, () =>
      runTraffic({ url: app.url, fixture, connections, durationSeconds: SECONDS, mix: MIX, rate: RATE }),
    );
  } finally {
    await app.stop();
  }
  printProfile(`Tourdesk (${name})`, prof?.dir);
  const reopened = await openEmbedded(dataDir);
  const writes = await verifyCheckIns(reopened.db, mixed.checkIns);
  await reopened.close();
  reportWrites(writes);
  rows.push({ label: `${name}, mixed`, result: mixed, writes });
}

function reportWrites(writes: WriteCheck): void {
  console.log(
    `  check-ins: ${writes.acknowledged} acknowledged on ${writes.bookings} bookings, ${writes.lost.length} lost, ` +
      `${writes.unacknowledged} stored but unanswered (in flight at the stop)`,
  );
  if (writes.lost.length) {
    failed = true;
    console.log(`  LOST: ${writes.lost.slice(0, 10).join('\n  ')}`);
  }
}

function median(values: number[]): number | undefined {
  const sorted = [...values].sort((a, b) => a - b);
  if (sorted.length === 0) return undefined;
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2
    ? sorted[middle]
    : Math.round(((sorted[middle - 1] as number) + (sorted[middle] as number)) / 2);
}

function table(): string {
  const lines = [
    '| run | req/s | p50 | p99 | p99.9 | errors | non-2xx | writes lost | CPU ms/request: server · PostgreSQL · load generator |',
    '| --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: | --- |',
  ];
  for (const { label, result: r, writes } of rows) {
    const lost = writes ? `${writes.lost.length} of ${writes.acknowledged}` : '–';
    const cpu = cpuOf.get(r);
    const cpuText = cpu
      ? `${cpu.serverMs} · ${label.startsWith('Embedded') ? '–' : cpu.postgresMs} · ${cpu.generatorMs}`
      : '';
    lines.push(
      `| ${label} | ${r.requestsPerSecond} | ${r.latency.p50} ms | ${r.latency.p99} ms | ${r.latency.p99_9} ms | ` +
        `${r.errors} | ${r.non2xx} | ${lost} | ${cpuText} |`,
    );
  }
  const ours = (phase: string) =>
    rows.filter((r) => r.label.startsWith('PostgreSQL') && !r.label.includes('compared') && r.label.endsWith(phase));
  // Each round's slot read against the bare baseline of the same round; the median of those ratios over rounds.
  const slots = ours('slot read alone');
  const ratios = ours('bare Fastify + pg slot read').flatMap((bare, i) => {
    const slot = slots[i]?.result.requestsPerSecond;
    return slot ? [Math.round((slot / bare.result.requestsPerSecond) * 100)] : [];
  });
  if (ratios.length > 0) {
    const of = ratios.length > 1 ? ` (median of ${ratios.length} rounds, each against its own round's baseline)` : '';
    lines.push('', `Tourdesk's slot read: ${median(ratios)} % of the bare baseline${of}.`);
  }
  if (ROUNDS > 1) {
    for (const target of ['PostgreSQL', 'Embedded']) {
      for (const name of ['this build', 'compared']) {
        const mixed = rows
          .filter((r) => r.label.startsWith(target) && r.label.includes('compared') === (name === 'compared'))
          .filter((r) => r.label.endsWith('mixed'))
          .map((r) => r.result);
        if (mixed.length === 0) continue;
        lines.push(
          `Median of ${mixed.length} rounds, ${target}, ${name}, mixed: ` +
            `${median(mixed.map((r) => r.requestsPerSecond))} req/s, p99 ${median(mixed.map((r) => r.latency.p99))} ms.`,
        );
      }
    }
  }
  return lines.join('\n');
}

async function main(): Promise<void> {
  console.log(
    `${new Date().toISOString()} · ${cpus().length} × ${cpus()[0]?.model ?? 'cpu'}, ${Math.round(totalmem() / 2 ** 30)} GiB · ` +
      `Node ${process.version} · ${CONNECTIONS} connections, ${SECONDS} s per phase, server from ${BUILD}, ` +
      `${WORKERS} Tourdesk and ${BARE_WORKERS} bare server processes on PostgreSQL` +
      (MIX === MIXED ? '' : ` · the mixed phase runs BENCH_MIX=${process.env.BENCH_MIX}, not the issue's mix`),
  );
  if (BUILD === 'bundle') execFileSync(process.execPath, ['scripts/build-server.mjs'], { cwd: ROOT, stdio: 'inherit' });
  if (TARGETS.includes('postgres')) await benchPostgres();
  if (TARGETS.includes('embedded')) await benchEmbedded();
  console.log(`\nSUMMARY\n${table()}`);
  if (failed) {
    console.log('\nFAILED: requests failed or acknowledged writes are missing');
    process.exitCode = 1;
  }
}

main().catch(async (err: unknown) => {
  console.error(err);
  await dropPostgres(DB_NAME).catch(() => undefined);
  process.exit(1);
});
