/**
 * Live updates (issue 22): how soon a check-in on one device reaches a Manager's stream on another, whether 200 open
 * streams keep the server's memory flat, and whether each stream gets every event of its company once, in order,
 * also when cut in the middle of a burst and resumed with Last-Event-ID.
 *   npm run bench:live                                            both targets, the latency phase in a 10-minute soak
 *   BENCH_TARGETS=postgres BENCH_SOAK_SECONDS=60 npm run bench:live          a quick try
 * On PostgreSQL two server processes (WEB_CONCURRENCY=1 each, two ports, one database) rather than node:cluster, whose
 * shared port would not say which process a connection lands on: device A checks in on one while the Manager's stream
 * is on the other, so every timed event crosses processes through LISTEN/NOTIFY. Embedded: one process.
 * Settings: BENCH_TARGETS (postgres,embedded), BENCH_SECONDS (60: the latency phase, at the soak's start),
 * BENCH_LATENCY_RATE (10 check-ins/s over the first BENCH_LATENCY_COMPANIES, 4), BENCH_SOAK_SECONDS (600; the access
 * tokens last 15 minutes and the bench does not renew them), BENCH_SOAK_RATE (1 check-in/s over all companies the rest
 * of the time), BENCH_COMPANIES (20), BENCH_STREAMS_PER_COMPANY (10: the Manager and Guides), BENCH_BURST (200),
 * BENCH_SAMPLE_SECONDS (10), BENCH_APP=bundle|tsx, BENCH_DATABASE_URL (admin URL; `tourdesk_bench_live_<pid>`).
 * Exit status 1 when a stream missed an event or got one twice, or a check-in failed or never showed on the stream.
 *
 * BENCH_PHASES (delivery,attack): `attack` runs bench/lib/liveAttack.ts on a server of its own per target — what one
 * member's many streams cost another company (its calls' latency) and the server (RSS): BENCH_REPLAY_STREAMS (200) opened
 * at once BENCH_BACKLOG (1500) events behind, BENCH_STALLED_STREAMS (1000) that never read through a BENCH_IMPORT_ROWS
 * (3000) import, BENCH_MEMBER_STREAMS (4000) of one Guide through a recheck round (BENCH_RECHECK_MS, 20000) and a
 * settings change. BENCH_UNCAPPED=1 lifts the server's stream caps, to see what the other defences do on their own.
 */
import { execFileSync } from 'node:child_process';
import { cpus, loadavg, totalmem } from 'node:os';
import { openEmbedded } from '../server/db/client';
import { ROOT, freePort, startTourdesk, type AppBuild, type ServerProcess } from './lib/appProcess';
import { dropPostgres, freshEmbedded, freshPostgres, ownerOf } from './lib/benchDb';
import { checkIds, clean, eventIdsByCompany, waitQuiet } from './lib/liveChecks';
import { LiveClient } from './lib/liveClient';
import { DeliveryTracker } from './lib/liveLatency';
import { attackTable, runAttack, seedBacklog } from './lib/liveAttack';
import { latencyTable, mark, memoryTable, streamTable } from './lib/liveReport';
import { checkInNext, drive, serverOf, signInOffices, type Office } from './lib/liveTraffic';
import { sampleMemory, type MemorySample } from './lib/memorySeries';
import { signIn } from './lib/sessions';
import { seedTraffic, type Member, type SeededCompany } from './lib/trafficData';

const DB_NAME = `tourdesk_bench_live_${process.pid}`;
const setting = (name: string, fallback: number) => Number(process.env[name] ?? fallback);
const TARGETS = (process.env.BENCH_TARGETS ?? 'postgres,embedded').split(',').map((t) => t.trim());
const PHASES = (process.env.BENCH_PHASES ?? 'delivery,attack').split(',').map((t) => t.trim());
const LATENCY_SECONDS = setting('BENCH_SECONDS', 60);
const LATENCY_RATE = setting('BENCH_LATENCY_RATE', 10);
const LATENCY_COMPANIES = setting('BENCH_LATENCY_COMPANIES', 4);
const SOAK_SECONDS = Math.max(setting('BENCH_SOAK_SECONDS', 600), LATENCY_SECONDS);
const SOAK_RATE = setting('BENCH_SOAK_RATE', 1);
const COMPANIES = setting('BENCH_COMPANIES', 20);
const PER_COMPANY = setting('BENCH_STREAMS_PER_COMPANY', 10);
const BURST = setting('BENCH_BURST', 200);
const SAMPLE_SECONDS = setting('BENCH_SAMPLE_SECONDS', 10);
const ATTACK = {
  replayStreams: setting('BENCH_REPLAY_STREAMS', 200),
  backlog: setting('BENCH_BACKLOG', 1500),
  stalledStreams: setting('BENCH_STALLED_STREAMS', 1000),
  importRows: setting('BENCH_IMPORT_ROWS', 3000),
  stalledHoldSeconds: setting('BENCH_STALLED_HOLD_SECONDS', 40),
  memberStreams: setting('BENCH_MEMBER_STREAMS', 4000),
  recheckMs: setting('BENCH_RECHECK_MS', 20_000),
};
const UNCAPPED = process.env.BENCH_UNCAPPED === '1';
const BUILD: AppBuild = process.env.BENCH_APP === 'tsx' ? 'tsx' : 'bundle';
/** Flat: the heap's slope about zero once warmed up, and its end within 20 % of its level then. */
const HEAP_SLOPE_LIMIT = 0.1;
const HEAP_END_LIMIT = 0.2;
const LATENCY_P95_LIMIT = 1000;

const log = (line: string) => console.log(line);
const load = () =>
  loadavg()
    .map((l) => l.toFixed(2))
    .join(' ');
let failed = false;
const problems: string[] = [];
const problem = (line: string) => {
  failed = true;
  if (problems.length < 20) problems.push(line);
};

async function openStreams(servers: ServerProcess[], offices: Office[], tracker: DeliveryTracker): Promise<void> {
  const clients = offices.flatMap((office) =>
    office.sessions.slice(0, PER_COMPANY).map((session, j) => {
      const client = new LiveClient({
        baseUrl: serverOf(servers, office.index, j).url,
        token: session.token,
        reconnect: true,
        // The Manager's stream is device B, the one the check-ins are timed on.
        onEvent: j === 0 ? tracker.seen : undefined,
      });
      office.streams.push(client);
      return client;
    }),
  );
  for (let i = 0; i < clients.length; i += 20) await Promise.all(clients.slice(i, i + 20).map((c) => c.open()));
}

/** A burst of check-ins, 8 at a time; a stream reading them is cut after half and reopened from its last id. */
async function cutTest(office: Office, servers: ServerProcess[], tracker: DeliveryTracker, today: string) {
  const baseline = await waitQuiet(office.streams);
  const half = Math.floor(BURST / 2);
  let seen = 0;
  let cut: () => void = () => undefined;
  const cutDone = new Promise<void>((ok) => (cut = ok));
  const first: LiveClient = new LiveClient({
    baseUrl: serverOf(servers, office.index, 0).url,
    token: office.sessions[0]?.token as string,
    onId: (id) => {
      if (id > baseline && ++seen === half) {
        first.close();
        cut();
      }
    },
  });
  await first.open();
  let sent = 0;
  let answered = 0;
  const burst = Promise.all(
    Array.from({ length: 8 }, async () => {
      while (sent < BURST) {
        sent++;
        const outcome = await checkInNext(office, servers, tracker, 'burst', today);
        if (!outcome.ok) problem(`burst check-in ${outcome.problem}`);
        answered++;
      }
    }),
  );
  await Promise.race([cutDone, burst.then(() => new Promise((ok) => setTimeout(ok, 10_000)))]);
  first.close();
  const answeredAtCut = answered;
  // Resumed on the other process (when there are two): the replay reads the log, not the first process's memory.
  const second = new LiveClient({
    baseUrl: serverOf(servers, office.index, 1).url,
    token: office.sessions[0]?.token as string,
    lastEventId: first.lastId ?? baseline,
  });
  await second.open();
  await burst;
  await waitQuiet([second, ...office.streams]);
  return { baseline, first, second, answeredAtCut };
}

/** Device A of every office for the soak: the first companies at the latency rate for its first part. */
async function soak(servers: ServerProcess[], offices: Office[], tracker: DeliveryTracker, today: string) {
  const memory = sampleMemory(servers, SAMPLE_SECONDS, log);
  const progress = setInterval(
    () =>
      log(`  ${tracker.deliveries.length} check-ins seen on the Managers' streams, ${tracker.unseen().length} waiting`),
    60_000,
  );
  const latencyMs = LATENCY_SECONDS * 1000;
  await Promise.all(
    offices.map((office) => {
      const measured = office.index < LATENCY_COMPANIES;
      return drive(
        office,
        SOAK_SECONDS,
        (at) => (measured && at < latencyMs ? LATENCY_COMPANIES / LATENCY_RATE : COMPANIES / SOAK_RATE) * 1000,
        (at) => (measured && at < latencyMs ? 'latency' : 'light'),
        async (phase) => {
          const outcome = await checkInNext(office, servers, tracker, phase, today);
          if (!outcome.ok) problem(`check-in ${outcome.problem}`);
        },
      );
    }),
  );
  clearInterval(progress);
  await memory.stop();
  return memory.series;
}

async function runTarget(target: 'postgres' | 'embedded'): Promise<string> {
  const startedAt = new Date().toISOString();
  log(`\n== ${target} == ${startedAt}, load average ${load()}`);
  const pg = target === 'postgres' ? await freshPostgres(DB_NAME) : undefined;
  const embedded = pg ? undefined : await freshEmbedded();
  const seedDb = ownerOf(pg?.database ?? (embedded?.database as NonNullable<typeof embedded>['database']));
  const fixture = await seedTraffic(seedDb, { companies: COMPANIES, guidesPerCompany: PER_COMPANY - 1 });
  // The log before any stream opens: a stream is due every event after it.
  const before = await eventIdsByCompany(seedDb);
  if (embedded) await embedded.database.close();
  log(`seeded ${COMPANIES} companies, ${fixture.bookingCount.toLocaleString('en')} bookings`);

  const servers: ServerProcess[] = [];
  const tracker = new DeliveryTracker();
  let offices: Office[] = [];
  let series: MemorySample[][];
  let cut: Awaited<ReturnType<typeof cutTest>> | undefined;
  let unseen: string[];
  try {
    for (let i = 0; i < (pg ? 2 : 1); i++) {
      // Every stream comes from this one address: its cap would stop the 200 (the attack phase measures the caps).
      const env: Record<string, string> = {
        LIVE_STREAMS_PER_ADDRESS: '100000',
        ...(pg ? { DATABASE_URL: pg.url, WEB_CONCURRENCY: '1' } : { DATA_DIR: embedded?.dataDir as string }),
      };
      servers.push(await startTourdesk({ build: BUILD, port: await freePort(), env }));
    }
    offices = await signInOffices(servers, fixture.companies, PER_COMPANY);
    await openStreams(servers, offices, tracker);
    log(
      `${offices.length * PER_COMPANY} streams open on ${servers.length} process(es); memory every ${SAMPLE_SECONDS} s`,
    );

    series = await soak(servers, offices, tracker, fixture.today);
    await Promise.all(offices.map((office) => waitQuiet(office.streams)));

    cut = await cutTest(offices[0] as Office, servers, tracker, fixture.today);
    unseen = tracker.unseen();
  } finally {
    for (const office of offices) for (const stream of office.streams) stream.close();
    cut?.second.close();
    await Promise.all(servers.map((server) => server.stop()));
  }

  const reopened = embedded ? await openEmbedded(embedded.dataDir) : undefined;
  const after = await eventIdsByCompany(ownerOf(reopened ?? (pg?.database as NonNullable<typeof pg>['database'])));
  await reopened?.close();
  if (pg) {
    await pg.database.close();
    await dropPostgres(DB_NAME);
  }
  embedded?.remove();

  const checks = offices.flatMap((office) =>
    office.streams.map((client) => {
      const baseline = before.get(office.company.id)?.at(-1) ?? 0;
      return { client, check: checkIds(client.ids, after.get(office.company.id) ?? [], baseline) };
    }),
  );
  for (const { client, check } of checks.filter(({ check }) => !clean(check))) {
    problem(
      `stream: missing ${check.missing.slice(0, 5).join(',')} (${check.missing.length}), twice ${check.duplicates.length}, ` +
        `out of order ${check.outOfOrder}, not due ${check.foreign.length}; ${client.problems.slice(0, 3).join('; ')}`,
    );
  }
  // Reconnects, resets and renews fail the run only through the events they cost.
  const notes = checks.flatMap(({ client }) => client.problems.slice(0, 2)).slice(0, 10);
  if (notes.length) log(`stream notes:\n  ${notes.join('\n  ')}`);
  for (const line of unseen.slice(0, 5)) problem(`never seen on the Manager's stream: ${line}`);
  for (const line of tracker.mismatched.slice(0, 5)) problem(`streamed other attendees: ${line}`);

  const cutCompany = (offices[0] as Office).company.id;
  const cutCheck = cut && checkIds([...cut.first.ids, ...cut.second.ids], after.get(cutCompany) ?? [], cut.baseline);
  if (!cut || !cutCheck || !clean(cutCheck)) problem(`cut test: ${JSON.stringify(cutCheck)}`);

  const title = pg ? 'PostgreSQL, two server processes' : 'Embedded database, one process';
  const names = pg ? ['process 1', 'process 2'] : ['the process'];
  const lines = [
    `### ${title} (${startedAt}, load average at the end ${load()})`,
    '',
    ...latencyTable(
      tracker,
      unseen,
      {
        latency: `latency phase: ${LATENCY_RATE}/s over ${LATENCY_COMPANIES} companies, ${LATENCY_SECONDS} s`,
        light: `light traffic: ${SOAK_RATE}/s over ${COMPANIES} companies, rest of the soak`,
        burst: `cut test burst: ${BURST}, 8 at a time`,
      },
      { phase: 'latency', p95Ms: LATENCY_P95_LIMIT },
    ),
    '',
    `Streams open for the whole soak (${SOAK_SECONDS} s), checked against the event log afterwards:`,
    '',
    ...streamTable(checks),
    '',
    ...memoryTable(
      series,
      names,
      {
        settleAt: Math.min(60, SOAK_SECONDS / 4),
        heapSlope: HEAP_SLOPE_LIMIT,
        heapEnd: HEAP_END_LIMIT,
        judgeAfter: 300,
      },
      SAMPLE_SECONDS,
    ),
    '',
    cut && cutCheck
      ? `Cut test: ${cut.first.ids.length} ids before the cut (at ${cut.answeredAtCut} of ${BURST} answered), ` +
        `${cut.second.ids.length} after resuming from id ${cut.first.lastId}; ${cutCheck.expected} events in the log, ` +
        `missing ${cutCheck.missing.length}, twice ${cutCheck.duplicates.length}, out of order ${cutCheck.outOfOrder} ` +
        `${mark(clean(cutCheck))}`
      : 'Cut test: did not run',
    `Mismatched attendees: ${tracker.mismatched.length}.`,
  ];
  log(`\n${lines.join('\n')}`);
  return lines.join('\n');
}

/** Two companies on one server process: the attacker's (with a backlog in the log) and the other one, timed. */
async function attackTarget(target: 'postgres' | 'embedded'): Promise<string> {
  const startedAt = new Date().toISOString();
  log(`\n== attack, ${target} == ${startedAt}, load average ${load()}`);
  const pg = target === 'postgres' ? await freshPostgres(DB_NAME) : undefined;
  const embedded = pg ? undefined : await freshEmbedded();
  const seedDb = ownerOf(pg?.database ?? (embedded?.database as NonNullable<typeof embedded>['database']));
  const fixture = await seedTraffic(seedDb, { companies: 2, guidesPerCompany: 1 });
  const [attacker, victim] = fixture.companies as [SeededCompany, SeededCompany];
  const backlogFrom = await seedBacklog(seedDb, attacker, ATTACK.backlog);
  if (embedded) await embedded.database.close();
  let server: ServerProcess | undefined;
  let lines: string[];
  try {
    const lifted = String(1_000_000);
    const env: Record<string, string> = {
      LIVE_RECHECK_MS: String(ATTACK.recheckMs),
      ...(UNCAPPED
        ? { LIVE_STREAMS_PER_MEMBER: lifted, LIVE_STREAMS_PER_COMPANY: lifted, LIVE_STREAMS_PER_ADDRESS: lifted }
        : {}),
      ...(pg ? { DATABASE_URL: pg.url, WEB_CONCURRENCY: '1' } : { DATA_DIR: embedded?.dataDir as string }),
    };
    server = await startTourdesk({ build: BUILD, port: await freePort(), env });
    const [manager, guide, other] = [
      await signIn(server.url, attacker.manager),
      await signIn(server.url, attacker.guides[0] as Member),
      await signIn(server.url, victim.manager),
    ];
    const rows = await runAttack(
      server,
      { company: attacker, manager, guide },
      { token: other.token, day: fixture.today },
      ATTACK,
      backlogFrom,
      log,
    );
    const title = `${pg ? 'PostgreSQL, one server process' : 'Embedded database, one process'}${UNCAPPED ? ', stream caps lifted' : ''}`;
    lines = [`### Attack: ${title} (${startedAt}, load average at the end ${load()})`, '', ...attackTable(rows)];
  } finally {
    await server?.stop();
    if (pg) {
      await pg.database.close();
      await dropPostgres(DB_NAME);
    }
    embedded?.remove();
  }
  log(`\n${lines.join('\n')}`);
  return lines.join('\n');
}

async function main(): Promise<void> {
  log(
    `${new Date().toISOString()} · ${cpus().length} × ${cpus()[0]?.model ?? 'cpu'}, ${Math.round(totalmem() / 2 ** 30)} GiB · ` +
      `Node ${process.version} · server from ${BUILD} · latency ${LATENCY_SECONDS} s, soak ${SOAK_SECONDS} s, ` +
      `${COMPANIES} × ${PER_COMPANY} streams`,
  );
  if (BUILD === 'bundle') execFileSync(process.execPath, ['scripts/build-server.mjs'], { cwd: ROOT, stdio: 'inherit' });
  const sections: string[] = [];
  for (const target of ['postgres', 'embedded'] as const) {
    if (!TARGETS.includes(target)) continue;
    if (PHASES.includes('delivery')) sections.push(await runTarget(target));
    if (PHASES.includes('attack')) sections.push(await attackTarget(target));
  }
  log(`\nSUMMARY\n\n${sections.join('\n\n')}`);
  if (failed) {
    log(`\nFAILED:\n  ${problems.join('\n  ')}`);
    process.exitCode = 1;
  } else if (PHASES.includes('delivery')) {
    log('\nPASS: every event once on every stream, every check-in seen');
  }
}

main().catch(async (err: unknown) => {
  console.error(err);
  await dropPostgres(DB_NAME).catch(() => undefined);
  process.exit(1);
});
