/**
 * A channel's steady stream of upserts (issue 24): `PUT /api/v1/bookings/Viator/{ref}` at a fixed rate from one API
 * key, open loop (sent on schedule whatever the answers' pace), half new references and half updates of references
 * already created. At most MAX_IN_FLIGHT wait at once; a send due beyond that is counted as skipped.
 */
import { Agent, request } from 'node:http';
import { between, pick, random, type SeededCompany, type Slot } from './trafficData';

const MAX_IN_FLIGHT = 64;
const NAMES = ['José Núñez', 'Zoë Ångström', 'François Lefèvre', 'Søren Kierkegård', 'Łukasz Wróbel'];

export interface ChannelResult {
  sent: number;
  skipped: number;
  statuses: Record<string, number>;
  /** 2xx answers per second of the run. */
  achieved: number;
  p50: number;
  p99: number;
}

const percentile = (sorted: number[], p: number) =>
  Math.round((sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? 0) * 10) / 10;

export async function runChannelLoad(options: {
  url: string;
  apiKey: string;
  company: SeededCompany;
  rate: number;
  seconds: number;
  tag: string;
}): Promise<ChannelResult> {
  const { rate, seconds, company } = options;
  const agent = new Agent({ keepAlive: true, maxSockets: MAX_IN_FLIGHT });
  const rng = random(7);
  const created = new Map<string, Slot>();
  const refs: string[] = [];
  const latencies: number[] = [];
  const result: ChannelResult = { sent: 0, skipped: 0, statuses: {}, achieved: 0, p50: 0, p99: 0 };
  const inFlight = new Set<Promise<void>>();
  let next = 0;
  const send = () => {
    const ref = refs.length > 0 && rng() < 0.5 ? pick(rng, refs) : `${options.tag}-${next++}`;
    const slot = created.get(ref) ?? pick(rng, company.slots);
    const { day: date, time, tour } = slot;
    const body = JSON.stringify({ name: pick(rng, NAMES), date, time, tour, adults: between(rng, 1, 6) });
    const startedAt = performance.now();
    const done = new Promise<void>((ok) => {
      const req = request(`${options.url}/api/v1/bookings/Viator/${ref}`, {
        method: 'PUT',
        agent,
        headers: { authorization: `Bearer ${options.apiKey}`, 'content-type': 'application/json' },
      });
      const finish = (status: string) => {
        result.statuses[status] = (result.statuses[status] ?? 0) + 1;
        latencies.push(performance.now() - startedAt);
        if (status === '201' && !created.has(ref)) refs.push(ref);
        if (status === '201') created.set(ref, slot);
        ok();
      };
      req.on('response', (res) => res.resume().on('end', () => finish(String(res.statusCode))));
      req.on('error', () => finish('error'));
      req.end(body);
    });
    inFlight.add(done);
    void done.then(() => inFlight.delete(done));
    result.sent += 1;
  };
  const started = performance.now();
  await new Promise<void>((finished) => {
    const timer = setInterval(() => {
      const elapsed = (performance.now() - started) / 1000;
      const due = Math.floor(Math.min(elapsed, seconds) * rate);
      while (result.sent + result.skipped < due) {
        if (inFlight.size >= MAX_IN_FLIGHT) result.skipped += 1;
        else send();
      }
      if (elapsed < seconds) return;
      clearInterval(timer);
      finished();
    }, 5);
  });
  await Promise.all(inFlight);
  agent.destroy();
  latencies.sort((a, b) => a - b);
  const ok = Object.entries(result.statuses).filter(([s]) => s.startsWith('2'));
  result.achieved = Math.round(ok.reduce((sum, [, n]) => sum + n, 0) / seconds);
  return { ...result, p50: percentile(latencies, 50), p99: percentile(latencies, 99) };
}
