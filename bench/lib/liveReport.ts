/** The live bench's figures as Markdown tables, marked against the targets, for the log and bench/RESULTS.md. */
import { clean, type StreamCheck } from './liveChecks';
import type { LiveClient } from './liveClient';
import { summarize, type DeliveryTracker } from './liveLatency';
import { summarizeSeries, type MemorySample } from './memorySeries';

export const mark = (ok: boolean) => (ok ? '✔' : '✘');
const sum = (values: number[]) => values.reduce((a, b) => a + b, 0);

/** One row per phase (`label` names it); the target applies to `targetPhase`. */
export function latencyTable(
  tracker: DeliveryTracker,
  unseen: string[],
  phases: Record<string, string>,
  target: { phase: string; p95Ms: number },
): string[] {
  const lines = [
    '| check-ins | acknowledged & seen | p50 | p95 | p99 | max | event before the answer (clamped to 0) | never seen |',
    '| --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: |',
  ];
  for (const [phase, label] of Object.entries(phases)) {
    const s = summarize(tracker.deliveries.filter((d) => d.phase === phase));
    const missing = unseen.filter((u) => u.startsWith(`${phase}:`)).length;
    const met = phase === target.phase ? ` ${mark(s.count > 0 && s.p95 <= target.p95Ms && missing === 0)}` : '';
    lines.push(
      `| ${label} | ${s.count} | ${s.p50} ms | **${s.p95} ms**${met} | ${s.p99} ms | ${s.max} ms | ${s.early} | ${missing} |`,
    );
  }
  return lines;
}

export interface FlatLimits {
  /** Seconds of warm-up before the level the end is compared with. */
  settleAt: number;
  /** MiB per minute the heap may drift either way. */
  heapSlope: number;
  /** How far (a fraction) the heap may end from its settled level. */
  heapEnd: number;
  /** A shorter run is reported but not judged: warm-up still dominates its slope. */
  judgeAfter: number;
}

export function memoryTable(
  series: MemorySample[][],
  names: string[],
  limits: FlatLimits,
  sampleSeconds: number,
): string[] {
  const at = limits.settleAt;
  const lines = [
    `| process | heap after GC: start · ${at} s · end · peak (MiB) | heap slope | RSS: start · ${at} s · end · peak (MiB) | RSS slope | flat |`,
    '| --- | --- | ---: | --- | ---: | :-: |',
  ];
  series.forEach((samples, i) => {
    const heap = summarizeSeries(samples, 'heapUsed', at);
    const rss = summarizeSeries(samples, 'rss', at);
    const flat =
      Math.abs(heap.slope) <= limits.heapSlope && Math.abs(heap.end - heap.settled) <= heap.settled * limits.heapEnd;
    const judged = (samples.at(-1)?.at ?? 0) >= limits.judgeAfter;
    lines.push(
      `| ${names[i]} | ${heap.start} · ${heap.settled} · ${heap.end} · ${heap.peak} | ${heap.slope} MiB/min | ` +
        `${rss.start} · ${rss.settled} · ${rss.end} · ${rss.peak} | ${rss.slope} MiB/min | ${judged ? mark(flat) : '– (too short)'} |`,
    );
  });
  lines.push('');
  series.forEach((samples, i) => {
    // The first sample of each minute and the last, which stands in for one taken moments before it.
    const picked = samples.filter((s, k) => k === samples.length - 1 || s.at % 60 < sampleSeconds);
    const minutes = picked.filter((s, k) => (picked[k + 1]?.at ?? Infinity) - s.at >= sampleSeconds);
    const figures = minutes.map((s) => `${s.at}: ${Math.round(s.rss / 2 ** 20)}/${(s.heapUsed / 2 ** 20).toFixed(1)}`);
    lines.push(`${names[i]}, every minute (s: RSS/heap MiB): ${figures.join(' · ')}`);
  });
  return lines;
}

export function streamTable(checks: Array<{ check: StreamCheck; client: LiveClient }>): string[] {
  const total = (pick: (c: StreamCheck) => number) => sum(checks.map(({ check }) => pick(check)));
  const count = (pick: (c: LiveClient) => number) => sum(checks.map(({ client }) => pick(client)));
  return [
    '| streams | events due (sum over streams) | received | with data · id only | missing | twice | out of order | not due | reconnects · resets · renews | every event once |',
    '| ---: | ---: | ---: | --- | ---: | ---: | ---: | ---: | --- | :-: |',
    `| ${checks.length} | ${total((c) => c.expected)} | ${total((c) => c.received)} | ` +
      `${count((c) => c.withData)} · ${count((c) => c.idOnly)} | ${total((c) => c.missing.length)} | ` +
      `${total((c) => c.duplicates.length)} | ${total((c) => c.outOfOrder)} | ${total((c) => c.foreign.length)} | ` +
      `${count((c) => c.reconnects)} · ${count((c) => c.resets)} · ${count((c) => c.renews)} | ` +
      `${mark(checks.every(({ check }) => clean(check)))} |`,
  ];
}
