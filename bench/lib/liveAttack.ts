/**
 * bench:live's attack phases: what a hostile or careless member's streams cost another company of the same server.
 *   replay   — N streams of one Guide opened at once with a Last-Event-ID far behind (a backlog in the log);
 *   stalled  — N streams of one Manager that never read, then a CSV import whose events they would all carry;
 *   rechecks — N streams of one Guide held through a session recheck round, then a company settings change.
 * Throughout, the other company's Manager reads a day of bookings one call at a time; each phase reports those calls'
 * latency, the server's memory and what the streams were answered.
 */
import { setTimeout as sleep } from 'node:timers/promises';
import type { Db } from '../../server/db/client';
import { recordEvents, type Change } from '../../server/modules/eventLog/eventLog';
import { latestEventId } from '../../server/modules/live/live.repository';
import type { ServerProcess } from './appProcess';
import { CallProbe, openAtOnce, statusCounts, type CallSummary, type OpenedStream } from './attackStreams';
import { buildImportFile, IMPORT_QUERY } from './importFile';
import { postImport } from './importRequest';
import { mib } from './memorySeries';
import { measurePhase } from './phaseMemory';
import type { Session } from './sessions';
import type { SeededCompany } from './trafficData';

export interface AttackSettings {
  replayStreams: number;
  backlog: number;
  stalledStreams: number;
  importRows: number;
  /** How long the stalled streams are held after the import ends. */
  stalledHoldSeconds: number;
  memberStreams: number;
  /** The server's LIVE_RECHECK_MS: the rechecks phase holds its streams one round and a bit. */
  recheckMs: number;
}

const NO_DEVICE = { id: null, userAgent: null };

/** The attacker company's backlog: `count` check-in events on its bookings; answers the id before the first. */
export async function seedBacklog(db: Db, company: SeededCompany, count: number): Promise<number> {
  const before = await latestEventId(db, company.id);
  const changes: Change[] = Array.from({ length: count }, (_, i) => {
    const booking = company.bookings[i % company.bookings.length] as SeededCompany['bookings'][number];
    const slot = { day: booking.day, time: booking.time, tour: booking.tour };
    return { kind: 'booking.checkedIn', bookingIds: [booking.id], slot, after: { Adults: booking.counts.Adults } };
  });
  const actor = { companyId: company.id, userId: null, name: company.manager.name, email: '', device: NO_DEVICE };
  for (let i = 0; i < changes.length; i += 500) await recordEvents(db, actor, changes.slice(i, i + 500));
  return before;
}

export interface AttackRow {
  phase: string;
  what: string;
  streams: string;
  /** The other company's calls while it lasted. */
  calls: CallSummary;
  rss: string;
  notes: string;
}

const closeAll = (streams: OpenedStream[]) => streams.forEach((s) => s.close());

export async function runAttack(
  server: ServerProcess,
  attacker: { company: SeededCompany; manager: Session; guide: Session },
  victim: { token: string; day: string },
  settings: AttackSettings,
  backlogFrom: number,
  log: (line: string) => void,
): Promise<AttackRow[]> {
  const probe = new CallProbe(`${server.url}/api/bookings/date/${victim.day}`, victim.token);
  const rows: AttackRow[] = [];
  const rssNow = async () => mib((await server.memory()).rss);
  try {
    await sleep(2_000);
    const quiet = probe.summary(0);
    rows.push({
      phase: 'baseline',
      what: 'no attack, 2 s',
      streams: '–',
      calls: quiet,
      rss: `${await rssNow()}`,
      notes: '',
    });

    // replay: one Guide, N streams at once, each far behind.
    log(`replay: ${settings.replayStreams} streams at once, ${settings.backlog} events behind`);
    let from = performance.now();
    const replayed = await openAtOnce(server.url, attacker.guide.token, settings.replayStreams, {
      lastEventId: backlogFrom,
      read: true,
    });
    const open = replayed.filter((s) => s.status === 200);
    const deadline = Date.now() + 120_000;
    while (open.some((s) => s.caughtUpMs === null && !s.cut) && Date.now() < deadline) await sleep(100);
    const lastCaughtUp = Math.max(0, ...open.map((s) => s.caughtUpMs ?? 0));
    await sleep(1_000);
    rows.push({
      phase: 'replay',
      what: `${settings.replayStreams} opens of one Guide at once, Last-Event-ID ${settings.backlog} events behind`,
      streams: statusCounts(replayed),
      calls: probe.summary(from),
      rss: `${await rssNow()}`,
      notes: `every open answered within ${Math.round(lastCaughtUp)} ms (${open.reduce((n, s) => n + s.resets, 0)} resets)`,
    });
    closeAll(replayed);
    await sleep(2_000);

    // stalled: N streams that never read, then an import whose events each would carry.
    log(`stalled: ${settings.stalledStreams} streams that never read, then a ${settings.importRows}-row import`);
    const baseline = await server.memory();
    from = performance.now();
    const { value, cost } = await measurePhase(server, baseline, async () => {
      const stalled = await openAtOnce(server.url, attacker.manager.token, settings.stalledStreams, { read: false });
      const file = buildImportFile(settings.importRows, attacker.company.slots, attacker.company.slots[0]?.day ?? '');
      const answer = await postImport(server.url, attacker.manager.token, 'apply', file.csv, IMPORT_QUERY);
      await sleep(settings.stalledHoldSeconds * 1000);
      return { stalled, answer };
    });
    const cut = value.stalled.filter((s) => s.status === 200 && s.cut).length;
    rows.push({
      phase: 'stalled',
      what: `${settings.stalledStreams} streams of one Manager never read; a ${settings.importRows}-row import; held ${settings.stalledHoldSeconds} s`,
      streams: statusCounts(value.stalled),
      calls: probe.summary(from),
      rss: `${mib(baseline.rss)} → ${mib(baseline.rss + cost.rss * 2 ** 20)} (peak ${mib(baseline.rss + cost.peakRss * 2 ** 20)}) → ${await rssNow()}`,
      notes:
        `import ${value.answer.status} in ${Math.round(value.answer.wallMs / 1000)} s` +
        `${value.answer.error ? ` (${value.answer.error})` : ''}; ${cut} of the open streams cut by the server`,
    });
    closeAll(value.stalled);
    await sleep(3_000);

    // rechecks: N streams of one Guide through a recheck round, then a settings change.
    log(`rechecks: ${settings.memberStreams} streams of one Guide, a recheck round, a settings change`);
    from = performance.now();
    const held = await openAtOnce(server.url, attacker.guide.token, settings.memberStreams, { read: true });
    const opened = performance.now();
    await sleep(1_000);
    rows.push({
      phase: 'rechecks: opening',
      what: `${settings.memberStreams} opens of one Guide at once, and 1 s after`,
      streams: statusCounts(held),
      calls: probe.summary(from),
      rss: `${await rssNow()}`,
      notes: `all answered in ${Math.round(opened - from)} ms`,
    });
    const held1 = performance.now();
    await sleep(settings.recheckMs * 1.5);
    const round = performance.now();
    rows.push({
      phase: 'rechecks: held',
      what: `the same streams held ${Math.round((round - held1) / 1000)} s more (recheck every ${settings.recheckMs / 1000} s)`,
      streams: `${held.filter((s) => s.status === 200 && !s.cut).length} open`,
      calls: probe.summary(held1, round),
      rss: `${await rssNow()}`,
      notes: '',
    });
    const changed = await fetch(`${server.url}/api/company/${attacker.company.id}`, {
      method: 'PATCH',
      headers: { authorization: `Bearer ${attacker.manager.token}`, 'content-type': 'application/json' },
      body: JSON.stringify({ showPhoneToGuides: true }),
    });
    await sleep(10_000);
    rows.push({
      phase: 'rechecks: settings change',
      what: 'the Manager changes a company setting; 10 s after',
      streams: `${held.filter((s) => s.status === 200 && !s.cut).length} open`,
      calls: probe.summary(round),
      rss: `${await rssNow()}`,
      notes: `PATCH answered ${changed.status}; ${held.reduce((n, s) => n + s.events, 0)} events received`,
    });
    closeAll(held);
  } finally {
    await probe.stop();
  }
  return rows;
}

export function attackTable(rows: AttackRow[]): string[] {
  return [
    "| phase | what | streams answered | other company's calls | p50 | p95 | max | ≥ 1 s | RSS (MiB) | notes |",
    '| --- | --- | --- | ---: | ---: | ---: | ---: | ---: | --- | --- |',
    ...rows.map(
      (r) =>
        `| ${r.phase} | ${r.what} | ${r.streams} | ${r.calls.calls}${r.calls.failed ? ` (${r.calls.failed} failed)` : ''} | ` +
        `${r.calls.p50} ms | ${r.calls.p95} ms | **${r.calls.max} ms** | ${r.calls.slow} | ${r.rss} | ${r.notes} |`,
    ),
  ];
}
