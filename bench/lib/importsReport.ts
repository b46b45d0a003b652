/** bench:imports' tables for RESULTS.md, with issue 24's targets marked, and the import server's CPU profile. */
import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import { ROOT } from './appProcess';
import type { ChannelResult } from './channelLoad';
import type { ChannelRun, Cpu } from './channelPhase';
import { topCosts } from './cpuProfile';
import type { ImportStep } from './importPhase';
import { TARGET_NAMES, type Target } from './seededServer';
import type { TrafficResult } from './traffic';

const MEMORY_MAX_MIB = 100;
const WALL_MAX_S = { preview: 10, apply: 30, 're-import': 30 };
const P99_MAX_MS = 50;
const mark = (ok: boolean) => (ok ? '✔' : '✘');
const signed = (mib: number) => (mib < 0 ? `${mib}` : `+${mib}`);
const avg = (values: number[]) => Math.round(values.reduce((a, b) => a + b, 0) / Math.max(1, values.length));

function batches(ms: number[]): string {
  const sorted = [...ms].sort((a, b) => a - b);
  const median = Math.round(sorted[Math.floor(sorted.length / 2)] ?? 0);
  return `${median} · ${Math.round(sorted.at(-1) ?? 0)} ms; first 10 ${avg(ms.slice(0, 10))}, last 10 ${avg(ms.slice(-10))}`;
}

export function importTable(
  runs: Array<{ target: Target; steps: ImportStep[]; bytes: number; load: string }>,
  rows: number,
) {
  const lines = [
    `${rows.toLocaleString('en')} rows, ${((runs[0]?.bytes ?? 0) / 2 ** 20).toFixed(1)} MiB. ` +
      'Memory: MiB above the server before the preview (after-GC RSS and heap, highest sample; peak RSS, GC or not).',
    '',
    '| database | step | wall | rows/s | progress lines | create · update · cancel · unchanged · reject | RSS · heap · peak RSS | CPU s: server · PostgreSQL | batch median · max (first 10, last 10 avg) | target |',
    '| --- | --- | ---: | ---: | ---: | --- | --- | --- | --- | --- |',
  ];
  for (const { target, steps } of runs) {
    for (const { step, answer, cost, problems } of steps) {
      const wall = answer.wallMs / 1000;
      const c = answer.summary?.counts;
      const counts = c ? `${c.create} · ${c.update} · ${c.cancel} · ${c.unchanged} · ${c.reject}` : 'none';
      const memory = Math.max(cost.rss, cost.peakRss);
      const verdict =
        `≤ ${WALL_MAX_S[step]} s ${mark(wall <= WALL_MAX_S[step])}, ≤ ${MEMORY_MAX_MIB} MB ${mark(memory <= MEMORY_MAX_MIB)}` +
        (problems.length ? `, counts ✘ (${problems.join('; ')})` : ', counts ✔');
      lines.push(
        `| ${TARGET_NAMES[target]} | ${step} | ${wall.toFixed(1)} s | ${Math.round(rows / wall)} | ${answer.progressLines} | ` +
          `${counts} | ${signed(cost.rss)} · ${signed(cost.heap)} · ${signed(cost.peakRss)} | ${cost.serverCpu} · ${target === 'postgres' ? cost.otherCpu : '–'} | ` +
          `${batches(answer.batchMs)} | ${verdict} |`,
      );
    }
  }
  return lines.join('\n');
}

const perRequest = ([server, db]: Cpu, requests: number) =>
  `${Math.round((server / requests) * 1e4) / 10} · ${Math.round((db / requests) * 1e4) / 10} ms`;
const upserts = (c: ChannelResult) =>
  `${c.sent} · **${c.achieved}** · ${c.p50} · ${c.p99} ms | ${JSON.stringify(c.statuses)} · ${c.skipped}`;

export function channelTable(runs: Array<{ target: Target; run: ChannelRun; load: string }>, rate: number) {
  const lines = [
    '| database | phase | mixed: req/s · p50 · p99 | mixed CPU/request: server · PostgreSQL | ' +
      'upserts: sent · 2xx/s · p50 · p99 | upserts: statuses · skipped | upsert CPU: server · PostgreSQL | ' +
      `target (${rate}/s, mixed p99 ≤ ${P99_MAX_MS} ms) |`,
    '| --- | --- | --- | --- | --- | --- | --- | --- |',
  ];
  for (const { target, run } of runs) {
    const name = TARGET_NAMES[target];
    for (const { round, alone: a, withChannel: b, channel: ch, cpu } of run.rounds) {
      const met = ch.achieved >= rate * 0.98 && b.latency.p99 <= P99_MAX_MS;
      const mixed = (t: TrafficResult) => `${t.requestsPerSecond} · ${t.latency.p50} · **${t.latency.p99} ms**`;
      const errors = (t: TrafficResult) => (t.errors + t.non2xx ? ` (${t.errors} errors, ${t.non2xx} non-2xx)` : '');
      lines.push(
        `| ${name} | A${round}: mixed alone | ${mixed(a)}${errors(a)} | ${perRequest(cpu.alone, a.requests)} | – | – | – | – |`,
        `| ${name} | B${round}: mixed + upserts | ${mixed(b)}${errors(b)} | ${perRequest(cpu.withChannel, b.requests + ch.sent)} (both) | ` +
          `${upserts(ch)} | – | ${mark(met)} |`,
      );
    }
    lines.push(
      `| ${name} | C: upserts alone | – | – | ${upserts(run.only)} | ${perRequest(run.onlyCpu, run.only.sent)} | – |`,
    );
  }
  return lines.join('\n');
}

export function printProfiles(dir: string, what: string): void {
  for (const file of readdirSync(dir).filter((f) => f.endsWith('.cpuprofile'))) {
    const { functions, places } = topCosts(join(dir, file), ROOT, 25);
    console.log(`\nCPU profile of the ${what} (${join(dir, file)}), by self time:`);
    for (const cost of [...places.slice(0, 12), ...functions]) {
      console.log(`  ${String(cost.share).padStart(5)} %  ${String(cost.selfMs).padStart(6)} ms  ${cost.name}`);
    }
  }
}
