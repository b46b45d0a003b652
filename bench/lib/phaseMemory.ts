/**
 * A server's memory and CPU over one phase of a bench: its RSS and heap after a full GC (the memory probe), sampled
 * one after another about every second, and the kernel's peak RSS (VmHWM, garbage included), reset at the start.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { setTimeout as sleep } from 'node:timers/promises';
import { treeCpuSeconds, type Memory, type ServerProcess } from './appProcess';
import { mib } from './memorySeries';

export interface PhaseCost {
  /** MiB above the baseline: the highest after-GC RSS and heap sampled, and the peak RSS without GC. */
  rss: number;
  heap: number;
  peakRss: number;
  samples: number;
  /** CPU seconds of the server process, and of the other processes `otherCpu` counts (PostgreSQL's backends). */
  serverCpu: number;
  otherCpu: number;
}

function peakRss(pid: number): number {
  const match = /VmHWM:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'));
  return Number(match?.[1] ?? 0) * 1024;
}

/** Writing 5 to clear_refs resets VmHWM to the current RSS (Linux ≥ 4.0); without it, the peak is the lifetime's. */
function resetPeak(pid: number): void {
  try {
    writeFileSync(`/proc/${pid}/clear_refs`, '5');
  } catch {
    // Not allowed here: the peak then covers the server's start too.
  }
}

export async function measurePhase<T>(
  server: ServerProcess,
  baseline: Memory,
  run: () => Promise<T>,
  otherCpu: () => Promise<number> = () => Promise.resolve(0),
): Promise<{ value: T; cost: PhaseCost }> {
  resetPeak(server.pid);
  const before = { server: treeCpuSeconds(server.pid), other: await otherCpu() };
  const samples: Memory[] = [];
  let running = true;
  // One request at a time: a server busy importing answers late, and requests must not pile up meanwhile.
  const sampling = (async () => {
    while (running) {
      samples.push(await server.memory());
      await sleep(1000);
    }
  })();
  const value = await run();
  const serverCpu = treeCpuSeconds(server.pid) - before.server;
  const other = (await otherCpu()) - before.other;
  running = false;
  await sampling;
  samples.push(await server.memory());
  const highest = (key: keyof Memory) => Math.max(...samples.map((s) => s[key]));
  const cost: PhaseCost = {
    rss: mib(highest('rss') - baseline.rss),
    heap: mib(highest('heapUsed') - baseline.heapUsed),
    peakRss: mib(peakRss(server.pid) - baseline.rss),
    samples: samples.length,
    serverCpu: Math.round(serverCpu * 10) / 10,
    otherCpu: Math.round(other * 10) / 10,
  };
  return { value, cost };
}
