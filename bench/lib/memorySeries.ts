/** A server's memory after GC, sampled over a run, and whether it stayed flat (the soak's reading of the samples). */
import type { Memory, ServerProcess } from './appProcess';

export interface MemorySample extends Memory {
  /** Seconds since the series started. */
  at: number;
}

export const mib = (bytes: number) => Math.round((bytes / 2 ** 20) * 10) / 10;

/** Least-squares slope of the samples, per minute. */
export function slope(samples: Array<{ at: number; value: number }>): number {
  const n = samples.length;
  if (n < 2) return 0;
  const mx = samples.reduce((s, p) => s + p.at, 0) / n;
  const my = samples.reduce((s, p) => s + p.value, 0) / n;
  const num = samples.reduce((s, p) => s + (p.at - mx) * (p.value - my), 0);
  const den = samples.reduce((s, p) => s + (p.at - mx) ** 2, 0);
  return den ? (num / den) * 60 : 0;
}

/** Samples every server every `seconds` until stopped; `stop` takes one last sample of each. */
export function sampleMemory(servers: ServerProcess[], seconds: number, log: (line: string) => void) {
  const series = servers.map(() => [] as MemorySample[]);
  const started = Date.now();
  const sample = async () => {
    const at = Math.round((Date.now() - started) / 1000);
    const memories = await Promise.all(servers.map((server) => server.memory()));
    memories.forEach((memory, i) => series[i]?.push({ at, ...memory }));
    log(
      `  ${String(at).padStart(4)} s  ${memories.map((m) => `RSS ${mib(m.rss)} heap ${mib(m.heapUsed)} MiB`).join(' · ')}`,
    );
  };
  const first = sample();
  const timer = setInterval(() => void sample().catch((err: unknown) => log(String(err))), seconds * 1000);
  return {
    series,
    async stop(): Promise<void> {
      clearInterval(timer);
      await first;
      await sample();
    },
  };
}

export interface SeriesSummary {
  start: number;
  /** The level once warmed up (the first sample at or after `settleAt`). */
  settled: number;
  end: number;
  peak: number;
  /** MiB per minute, from `settleAt` on. */
  slope: number;
}

export function summarizeSeries(samples: MemorySample[], key: keyof Memory, settleAt: number): SeriesSummary {
  const after = samples.filter((s) => s.at >= settleAt);
  return {
    start: mib(samples[0]?.[key] ?? 0),
    settled: mib(after[0]?.[key] ?? 0),
    end: mib(samples.at(-1)?.[key] ?? 0),
    peak: mib(Math.max(...samples.map((s) => s[key]))),
    slope: Math.round(slope(after.map((s) => ({ at: s.at, value: mib(s[key]) }))) * 100) / 100,
  };
}
