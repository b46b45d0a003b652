/**
 * Scale benchmark (issue 5): 1,000,000 bookings of one company over a year in PostgreSQL; times the one-year
 * report (first page with its total) and the full CSV stream, and checks the plans use indexes.
 *   BENCH_DATABASE_URL=postgres://postgres@127.0.0.1:5432/postgres npm run bench:reports
 * The admin URL's user must be allowed to create databases; a database `tourdesk_bench` is (re)created.
 * BENCH_REUSE=1 reuses the database a previous run seeded. To show the CSV stream's memory is flat, cap the heap:
 *   BENCH_REUSE=1 node --max-old-space-size=64 --expose-gc --import tsx bench/reports.ts
 */
import { performance } from 'node:perf_hooks';
import { getHeapStatistics } from 'node:v8';
import type { AddressInfo } from 'node:net';
import { eq } from 'drizzle-orm';
import { Client } from 'pg';
import { v7 as uuidv7 } from 'uuid';
import { buildApp } from '../server/app';
import { loadConfig } from '../server/config';
import { openPostgres, type Database } from '../server/db/client';
import { companies, sources, tours, users } from '../server/db/schema';
import { hashPassword } from '../server/modules/auth/passwords';
import { TokenService } from '../server/modules/auth/tokens';
import { encodeNameList } from '../src/domain/reports';
import { admin, databaseUrl } from './lib/benchDb';

const BOOKINGS = Number(process.env.BENCH_BOOKINGS ?? 1_000_000);
const DB_NAME = 'tourdesk_bench';
const SECRET = 'bench-secret-that-is-long-enough-for-hs256-signing';
const TOURS = [
  'Old Town Walk',
  'Hop-On Harbour Cruise',
  'Tapas Tour',
  'Sunset Boat Trip',
  'Museum Highlights',
  'Royal Palace & Gardens',
];
const SOURCES = ['Walkin', 'GetYourGuide', 'Viator', 'Website', 'Manual'];
const START = '2025-01-01';
const END = '2025-12-31';

const benchUrl = () => databaseUrl(DB_NAME);

async function seed(companyId: string): Promise<void> {
  const client = new Client({ connectionString: benchUrl() });
  await client.connect();
  const started = performance.now();
  // One statement: the database makes the rows, so seeding a million takes seconds, not minutes.
  await client.query(
    `insert into bookings (company_id, id, booking_id, reference, name, phone, date, time, tour, source,
       adults, teens, children, attended_adults, attended_teens, attended_children, pax, cancelled, manual, created_at)
     select $1::uuid, gen_random_uuid(), 'BK' || g, 'R' || g, 'Guest ' || g, case when g % 5 = 0 then null else '+34 600 ' || g end,
       date '${START}' + (g % 365), (array['09:00','10:00','11:30','13:00','16:00','19:30'])[1 + g % 6],
       ($2::text[])[1 + g % ${TOURS.length}], ($3::text[])[1 + (g / 7) % ${SOURCES.length}],
       1 + g % 4, g % 3 / 2, g % 5 / 4, 1 + g % 4 - (g % 7 / 6), 0, 0, 1 + g % 4 + g % 3 / 2 + g % 5 / 4,
       g % 50 = 0, g % 9 = 0,
       timestamptz '${START} 08:00+00' + ((g % 365) || ' days')::interval - ((g % 40) || ' days')::interval
     from generate_series(1, $4::int) g`,
    [companyId, TOURS, SOURCES, BOOKINGS],
  );
  await client.query('analyze bookings');
  await client.query('vacuum bookings');
  console.log(
    `seeded ${BOOKINGS.toLocaleString('en')} bookings in ${((performance.now() - started) / 1000).toFixed(1)} s`,
  );
  await client.end();
}

async function explain(sql: string, params: unknown[]): Promise<string> {
  const client = new Client({ connectionString: benchUrl() });
  await client.connect();
  const { rows } = await client.query(`explain (analyze, buffers) ${sql}`, params);
  await client.end();
  return rows.map((r: Record<string, string>) => r['QUERY PLAN']).join('\n');
}

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)] as number;
}

/** A fresh database with the seeded company, or (BENCH_REUSE=1) the one a previous run left. */
async function setUp(): Promise<{ database: Database; companyId: string; userId: string }> {
  if (process.env.BENCH_REUSE === '1') {
    const database = await openPostgres(benchUrl(), 4);
    const [user] = await database.owner.select().from(users).where(eq(users.email, 'bench@example.test'));
    if (!user) throw new Error(`BENCH_REUSE=1 but ${DB_NAME} holds no seeded company`);
    return { database, companyId: user.companyId, userId: user.id };
  }
  await admin(`drop database if exists ${DB_NAME} with (force)`);
  await admin(`create database ${DB_NAME}`);
  const database = await openPostgres(benchUrl(), 4);
  const companyId = uuidv7();
  const userId = uuidv7();
  await database.owner.insert(companies).values({ id: companyId, name: 'Bench Tours', timezone: 'Europe/Madrid' });
  await database.owner
    .insert(tours)
    .values(TOURS.map((label, i) => ({ companyId, id: uuidv7(), key: `t${i}`, label })));
  await database.owner
    .insert(sources)
    .values(SOURCES.map((label, i) => ({ companyId, id: uuidv7(), key: `s${i}`, label })));
  await database.owner.insert(users).values({
    companyId,
    id: userId,
    email: 'bench@example.test',
    name: 'Bench Manager',
    role: 'Manager',
    passwordHash: await hashPassword('bench-password'),
  });
  await seed(companyId);
  return { database, companyId, userId };
}

async function main(): Promise<void> {
  const { database, companyId, userId } = await setUp();

  const config = { ...loadConfig({ LOG_LEVEL: 'silent', JWT_SECRET: SECRET, DATA_DIR: '/tmp/tourdesk-bench' }) };
  const app = await buildApp(config, { database });
  const tokens = new TokenService(SECRET, 3600);
  const token = await tokens.sign({ userId, companyId, role: 'Manager', sessionVersion: 1 });
  const path = (field: string, query: string) =>
    `/api/bookings/reports/${field}/${START}/${END}/${encodeURIComponent(encodeNameList(SOURCES))}/${encodeURIComponent(encodeNameList(TOURS))}${query}`;

  const results: string[] = [];
  const totals: Record<string, number> = {};
  for (const field of ['date', 'createdAt']) {
    const times: number[] = [];
    let total = 0;
    for (let i = 0; i < 7; i++) {
      const started = performance.now();
      const res = await app.inject({
        url: path(field, '?page=0&pageSize=100'),
        headers: { authorization: `Bearer ${token}` },
      });
      times.push(performance.now() - started);
      if (res.statusCode !== 200) throw new Error(`${res.statusCode} ${res.body}`);
      total = res.json<{ total: number }>().total;
    }
    totals[field] = total;
    const line = `one-year report by ${field}: first page of 100 + total ${total.toLocaleString('en')}: median ${median(times).toFixed(0)} ms (min ${Math.min(...times).toFixed(0)}, max ${Math.max(...times).toFixed(0)}) over ${times.length} runs`;
    console.log(line);
    results.push(line);
  }

  const range = ['2025-01-01', '2025-12-31'];
  const instants = [new Date('2024-12-31T23:00:00Z'), new Date('2025-12-31T22:59:59.999Z')];
  const filter = 'cancelled = false and source = any($4) and tour = any($5)';
  // The pages' orders are server/modules/reports/reports.repository.ts's `order`.
  // The totals come from the per-day counts (migration 0003); the direct counts check them.
  const counts = 'company_id = $1 and field = $2 and day between $3 and $4 and source = any($5) and tour = any($6)';
  const plans = {
    'count by date': await explain(`select coalesce(sum(n), 0) from report_counts where ${counts}`, [
      companyId,
      'date',
      ...range,
      SOURCES,
      TOURS,
    ]),
    'direct count by date (the check)': await explain(
      `select count(*) from bookings where company_id = $1 and date between $2 and $3 and ${filter}`,
      [companyId, ...range, SOURCES, TOURS],
    ),
    'page by date': await explain(
      `select * from bookings where company_id = $1 and date between $2 and $3 and ${filter} order by date, time, tour, id limit 100`,
      [companyId, ...range, SOURCES, TOURS],
    ),
    'count by createdAt': await explain(`select coalesce(sum(n), 0) from report_counts where ${counts}`, [
      companyId,
      'created',
      ...range,
      SOURCES,
      TOURS,
    ]),
    'direct count by createdAt (the check)': await explain(
      `select count(*) from bookings where company_id = $1 and created_at between $2 and $3 and ${filter}`,
      [companyId, ...instants, SOURCES, TOURS],
    ),
    'page by createdAt': await explain(
      `select * from bookings where company_id = $1 and created_at between $2 and $3 and ${filter} order by created_at, id limit 100`,
      [companyId, ...instants, SOURCES, TOURS],
    ),
  };
  const direct = new Client({ connectionString: benchUrl() });
  await direct.connect();
  for (const [field, range] of [
    ['date', `date between '${START}' and '${END}'`],
    ['createdAt', `created_at between '${instants[0]?.toISOString()}' and '${instants[1]?.toISOString()}'`],
  ] as const) {
    const { rows } = await direct.query(
      `select count(*)::int as n from bookings where company_id = $1 and ${range} and not cancelled`,
      [companyId],
    );
    const n = (rows[0] as { n: number }).n;
    if (n !== totals[field]) throw new Error(`total by ${field}: ${totals[field]} from report_counts, ${n} counted`);
  }
  await direct.end();
  results.push('totals equal a direct count(*) of the bookings for both fields');

  for (const [name, plan] of Object.entries(plans)) {
    const seq = /Seq Scan on bookings/.test(plan);
    const ms = /Execution Time: ([\d.]+) ms/.exec(plan)?.[1];
    console.log(`plan of the ${name} query:\n${plan}\n`);
    results.push(
      `${name}: ${seq ? 'SEQUENTIAL SCAN of bookings' : 'no sequential scan of bookings'}, ${ms} ms in PostgreSQL`,
    );
  }

  const heapLimit = getHeapStatistics().heap_size_limit / 1024 / 1024;
  results.push(`heap limit ${heapLimit.toFixed(0)} MB (--max-old-space-size)`);
  await app.listen({ port: 0, host: '127.0.0.1' });
  const port = (app.server.address() as AddressInfo).port;
  for (const field of ['date', 'createdAt']) {
    global.gc?.();
    const before = process.memoryUsage();
    let peakRss = before.rss;
    let peakHeap = before.heapUsed;
    const sampler = setInterval(() => {
      const now = process.memoryUsage();
      peakRss = Math.max(peakRss, now.rss);
      peakHeap = Math.max(peakHeap, now.heapUsed);
    }, 50);
    const started = performance.now();
    const cpu = process.cpuUsage();
    const res = await fetch(`http://127.0.0.1:${port}${path(field, '?format=csv')}`, {
      headers: { authorization: `Bearer ${token}`, 'accept-encoding': 'identity' },
    });
    let bytes = 0;
    let lines = 0;
    for await (const chunk of res.body as unknown as AsyncIterable<Uint8Array>) {
      bytes += chunk.length;
      const buffer = Buffer.from(chunk.buffer, chunk.byteOffset, chunk.length);
      for (let at = buffer.indexOf(10); at !== -1; at = buffer.indexOf(10, at + 1)) lines++;
    }
    const seconds = (performance.now() - started) / 1000;
    const { user, system } = process.cpuUsage(cpu);
    clearInterval(sampler);
    const mb = (n: number) => (n / 1024 / 1024).toFixed(1);
    const line = `full CSV by ${field}: ${(lines - 1).toLocaleString('en')} rows, ${mb(bytes)} MB in ${seconds.toFixed(2)} s (Node CPU ${((user + system) / 1e6).toFixed(2)} s); RSS growth ${mb(peakRss - before.rss)} MB, heap growth ${mb(peakHeap - before.heapUsed)} MB (peak over the start, server and client in one process)`;
    console.log(line);
    results.push(line);
  }
  await app.close();
  await database.close();
  console.log(`\nSUMMARY\n${results.join('\n')}`);
}

main().catch((err: unknown) => {
  console.error(err);
  process.exit(1);
});
