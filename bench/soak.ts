/**
 * Soak (issue 6): the mixed traffic of bench/lib/traffic.ts for 10 minutes against a Tourdesk server in its own
 * process, with 0 errors, 0 lost writes, and the server's memory (RSS and heap right after a full GC) sampled every
 * 10 s to show it stays flat.
 *   npm run bench:soak                              10 minutes on PostgreSQL
 *   SOAK_SECONDS=60 npm run bench:soak              a quick try
 * Settings: SOAK_TARGET=postgres|embedded, SOAK_CONNECTIONS (20), SOAK_COMPANIES (20), SOAK_SAMPLE_SECONDS (10),
 * BENCH_APP=bundle|tsx, BENCH_DATABASE_URL (admin URL; a database `tourdesk_bench_soak_<pid>` is created and dropped).
 * Exit status 1 when a request failed, a write was lost or the heap grew.
 */
import { execFileSync } from 'node:child_process';
import { cpus, totalmem } from 'node:os';
import { openEmbedded } from '../server/db/client';
import { ROOT, freePort, startTourdesk, type Memory } from './lib/appProcess';
import { dropPostgres, freshEmbedded, freshPostgres, ownerOf } from './lib/benchDb';
import { signInConnections } from './lib/sessions';
import { describeResult, runTraffic } from './lib/traffic';
import { seedTraffic } from './lib/trafficData';
import { slope } from './lib/memorySeries';
import { verifyCheckIns } from './lib/verifyWrites';

/** One database per run, so two runs at once do not drop each other's. */
const DB_NAME = `tourdesk_bench_soak_${process.pid}`;
const SECONDS = Number(process.env.SOAK_SECONDS ?? 600);
const SAMPLE_SECONDS = Number(process.env.SOAK_SAMPLE_SECONDS ?? 10);
const CONNECTIONS = Number(process.env.SOAK_CONNECTIONS ?? 20);
const COMPANIES = Number(process.env.SOAK_COMPANIES ?? 20);
const TARGET = process.env.SOAK_TARGET === 'embedded' ? 'embedded' : 'postgres';
const BUILD = process.env.BENCH_APP === 'tsx' ? 'tsx' : 'bundle';
/** The heap may end at most this much above where it settled after the first minute. */
const HEAP_GROWTH_LIMIT = 0.2;

const mb = (bytes: number) => Math.round((bytes / 2 ** 20) * 10) / 10;

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)] ?? 0;
}

async function main(): Promise<void> {
  console.log(
    `${new Date().toISOString()} · ${cpus().length} × ${cpus()[0]?.model ?? 'cpu'}, ${Math.round(totalmem() / 2 ** 30)} GiB · ` +
      `Node ${process.version} · soak on ${TARGET}, ${SECONDS} s, ${CONNECTIONS} connections, server from ${BUILD}`,
  );
  if (BUILD === 'bundle') execFileSync(process.execPath, ['scripts/build-server.mjs'], { cwd: ROOT, stdio: 'inherit' });

  const pg = TARGET === 'postgres' ? await freshPostgres(DB_NAME) : undefined;
  const embedded = pg ? undefined : await freshEmbedded();
  const seedDb = pg ? ownerOf(pg.database) : (embedded as NonNullable<typeof embedded>).database.db;
  const fixture = await seedTraffic(seedDb, { companies: COMPANIES });
  if (embedded) await embedded.database.close();
  console.log(`seeded ${COMPANIES} companies, ${fixture.bookingCount.toLocaleString('en')} bookings`);

  const app = await startTourdesk({
    build: BUILD,
    port: await freePort(),
    env: pg ? { DATABASE_URL: pg.url } : { DATA_DIR: embedded?.dataDir as string },
  });
  const samples: Array<{ at: number } & Memory> = [];
  let result;
  try {
    const connections = await signInConnections(app.url, fixture, CONNECTIONS);
    const started = Date.now();
    const sample = async () => {
      const memory = await app.memory();
      const at = Math.round((Date.now() - started) / 1000);
      samples.push({ at, ...memory });
      console.log(`  ${String(at).padStart(4)} s  RSS ${mb(memory.rss)} MiB  heap ${mb(memory.heapUsed)} MiB`);
    };
    await sample();
    const timer = setInterval(() => void sample().catch((err: unknown) => console.error(err)), SAMPLE_SECONDS * 1000);
    try {
      result = await runTraffic({ url: app.url, fixture, connections, durationSeconds: SECONDS });
    } finally {
      clearInterval(timer);
    }
    await sample();
  } finally {
    await app.stop();
  }

  const reopened = embedded ? await openEmbedded(embedded.dataDir) : undefined;
  const writes = await verifyCheckIns(reopened?.db ?? seedDb, result.checkIns);
  await reopened?.close();
  if (pg) {
    await pg.database.close();
    await dropPostgres(DB_NAME);
  }

  console.log(`\n${describeResult(`Soak on ${TARGET}`, result)}`);
  if (result.samples.length) console.log(`  unexpected answers:\n  ${result.samples.join('\n  ')}`);
  console.log(
    `check-ins: ${writes.acknowledged} acknowledged on ${writes.bookings} bookings, ${writes.lost.length} lost, ` +
      `${writes.unacknowledged} stored but unanswered (in flight at the stop)`,
  );
  for (const line of writes.lost.slice(0, 10)) console.log(`  LOST ${line}`);

  // The first minute is warm-up (JIT, pools, caches); flat means the rest does not climb.
  const settled = samples.filter((s) => s.at >= Math.min(60, SECONDS / 4));
  const quarter = Math.max(1, Math.floor(settled.length / 4));
  const early = median(settled.slice(0, quarter).map((s) => s.heapUsed));
  const late = median(settled.slice(-quarter).map((s) => s.heapUsed));
  const heapSlope = slope(settled.map((s) => ({ at: s.at, value: mb(s.heapUsed) })));
  const rssSlope = slope(settled.map((s) => ({ at: s.at, value: mb(s.rss) })));
  const rss = settled.map((s) => s.rss);
  console.log(
    `memory after GC (from ${settled[0]?.at ?? 0} s): heap ${mb(early)} → ${mb(late)} MiB (median of first and last ` +
      `quarter), slope ${heapSlope.toFixed(2)} MiB/min; RSS ${mb(Math.min(...rss))}–${mb(Math.max(...rss))} MiB, ` +
      `slope ${rssSlope.toFixed(2)} MiB/min; ${samples.length} samples`,
  );
  const grew = late > early * (1 + HEAP_GROWTH_LIMIT);
  const ok = result.errors === 0 && result.non2xx === 0 && writes.lost.length === 0 && !grew;
  console.log(ok ? 'PASS' : 'FAIL');
  if (!ok) process.exitCode = 1;
  embedded?.remove();
}

main().catch(async (err: unknown) => {
  console.error(err);
  await dropPostgres(DB_NAME).catch(() => undefined);
  process.exit(1);
});
