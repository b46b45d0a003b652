/**
 * The shared traffic generator of the load test, the soak and the API benchmark. With the companies of
 * `trafficData.ts` and the sessions of `sessions.ts`, it drives autocannon with a mix of signed-in calls like a working
 * day's (guides on the day and slot screens, managers on reports, check-ins, sign-ins and refreshes) and records every
 * acknowledged check-in, so `verifyWrites.ts` can prove afterwards that each one is stored.
 */
import autocannon from 'autocannon';
import type { CustomerCounts } from '../../src/domain/customerTypes';
import { encodeNameList } from '../../src/domain/reports';
import { refreshCookieOf, type Connection, type Session } from './sessions';
import {
  BENCH_PASSWORD,
  between,
  pick,
  random,
  type SeededBooking,
  type Slot,
  type TrafficFixture,
} from './trafficData';

export const OPERATIONS = ['day', 'slot', 'nearby', 'report', 'checkIn', 'refresh', 'signIn'] as const;
export type Operation = (typeof OPERATIONS)[number];
export type Mix = Partial<Record<Operation, number>>;

/** 70 % day and slot reads, 20 % report pages, 8 % check-ins, 2 % sign-in and refresh (issue 7). */
export const MIXED: Mix = { day: 30, slot: 35, nearby: 5, report: 20, checkIn: 8, refresh: 1.8, signIn: 0.2 };

export interface CheckInAck {
  companyId: string;
  bookingId: string;
  counts: CustomerCounts;
  /** The version the answer reported: the write it acknowledged. */
  version: number;
}

export interface OperationStats {
  count: number;
  statuses: Record<string, number>;
  p50: number;
  p99: number;
}

export interface TrafficResult {
  durationSeconds: number;
  connections: number;
  requests: number;
  requestsPerSecond: number;
  latency: { p50: number; p99: number; p99_9: number; max: number };
  /** Connection errors and timeouts (autocannon's `errors`, timeouts included). */
  errors: number;
  timeouts: number;
  non2xx: number;
  /** Count of every non-2xx answer by status. */
  non2xxByStatus: Record<string, number>;
  byOperation: Partial<Record<Operation, OperationStats>>;
  checkIns: CheckInAck[];
  /** The first few unexpected answers, for the report. */
  samples: string[];
}

export interface TrafficOptions {
  url: string;
  fixture: TrafficFixture;
  connections: Connection[];
  durationSeconds: number;
  mix?: Mix;
  seed?: number;
  /** The slot read's URL; the bare baseline answers the same query at its own path, without a token. */
  slotPath?: (companyId: string, slot: Slot) => string;
  /** Requests per second over all connections (autocannon's overallRate); as fast as answered when unset. */
  rate?: number;
}

interface Planned {
  op: Operation;
  session?: Session;
  booking?: SeededBooking;
  counts?: CustomerCounts;
  startedAt: number;
}

const json = { 'content-type': 'application/json' };
const bearer = (session: Session) => ({ authorization: `Bearer ${session.token}` });

function percentile(sorted: number[], p: number): number {
  if (sorted.length === 0) return 0;
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] as number;
}

function chooser(mix: Mix): (rng: () => number) => Operation {
  const entries = OPERATIONS.filter((op) => (mix[op] ?? 0) > 0).map((op) => [op, mix[op] as number] as const);
  const total = entries.reduce((sum, [, weight]) => sum + weight, 0);
  return (rng) => {
    let roll = rng() * total;
    for (const [op, weight] of entries) {
      roll -= weight;
      if (roll < 0) return op;
    }
    return entries[entries.length - 1]?.[0] as Operation;
  };
}

const defaultSlotPath = (_companyId: string, slot: Slot) =>
  `/api/bookings/date/${slot.day}/${slot.time}/${encodeURIComponent(slot.tour)}`;

/** Runs the mix for `durationSeconds` and answers throughput, latency, statuses and the acknowledged check-ins. */
export async function runTraffic(options: TrafficOptions): Promise<TrafficResult> {
  const { fixture } = options;
  const choose = chooser(options.mix ?? MIXED);
  const slotPath = options.slotPath ?? defaultSlotPath;
  const latencies = new Map<Operation, number[]>(OPERATIONS.map((op) => [op, []]));
  const byOperation: Partial<Record<Operation, OperationStats>> = {};
  const checkIns: CheckInAck[] = [];
  const samples: string[] = [];
  const todayIndex = fixture.days.indexOf(fixture.today);
  const companyOfBooking = new Map<string, string>();
  for (const company of fixture.companies) for (const b of company.bookings) companyOfBooking.set(b.id, company.id);
  let clientIndex = 0;

  const plan = (conn: Connection, rng: () => number): { planned: Planned; request: autocannon.Request } => {
    const op = choose(rng);
    const startedAt = performance.now();
    // Half of the reads are of today, the rest anywhere in the range.
    const day = rng() < 0.5 && todayIndex >= 0 ? fixture.today : pick(rng, fixture.days);
    const reader = rng() < 0.7 ? conn.guide : conn.manager;
    switch (op) {
      case 'day':
        return {
          planned: { op, startedAt },
          request: { method: 'GET', path: `/api/bookings/date/${day}`, headers: bearer(reader) },
        };
      case 'slot': {
        const slot = pick(rng, conn.company.slots);
        return {
          planned: { op, startedAt },
          request: { method: 'GET', path: slotPath(conn.company.id, slot), headers: bearer(reader) },
        };
      }
      case 'nearby': {
        const slot = pick(rng, conn.company.slots);
        const [h, m] = slot.time.split(':').map(Number) as [number, number];
        const at = h * 60 + m;
        const hhmm = (minutes: number) =>
          `${String(Math.floor(minutes / 60)).padStart(2, '0')}:${String(minutes % 60).padStart(2, '0')}`;
        const path = `/api/bookings/nearbytours/${slot.day}/${hhmm(at - 15)}/${hhmm(at + 15)}`;
        return { planned: { op, startedAt }, request: { method: 'GET', path, headers: bearer(reader) } };
      }
      case 'report': {
        const field = rng() < 0.5 ? 'date' : 'createdAt';
        const start = fixture.days[Math.max(0, todayIndex - (rng() < 0.5 ? 7 : 30))] ?? fixture.days[0];
        const end = field === 'date' && rng() < 0.5 ? fixture.days[fixture.days.length - 1] : fixture.today;
        const tourList = rng() < 0.7 ? conn.company.tours : [pick(rng, conn.company.tours)];
        // The first page, as the report screen opens: a page past the last is refused (400), and the totals are unknown here.
        const query = `?page=0&pageSize=${rng() < 0.5 ? 100 : 25}`;
        const path =
          `/api/bookings/reports/${field}/${start}/${end}/${encodeURIComponent(encodeNameList(conn.company.sources))}` +
          `/${encodeURIComponent(encodeNameList(tourList))}${query}`;
        return { planned: { op, startedAt }, request: { method: 'GET', path, headers: bearer(conn.manager) } };
      }
      case 'checkIn': {
        const byGuide = conn.checkInsByGuide.length > 0 && (conn.checkInsByManager.length === 0 || rng() < 0.6);
        const booking = pick(rng, byGuide ? conn.checkInsByGuide : conn.checkInsByManager);
        const session = byGuide ? conn.guide : conn.manager;
        const counts = {
          Adults: between(rng, 0, booking.counts.Adults),
          Teens: between(rng, 0, booking.counts.Teens),
          Children: between(rng, 0, booking.counts.Children),
        };
        const attendees = (['Adults', 'Teens', 'Children'] as const)
          .filter((type) => booking.counts[type] > 0)
          .map((type) => ({ [type]: counts[type] }));
        return {
          planned: { op, session, booking, counts, startedAt },
          request: {
            method: 'PATCH',
            path: `/api/bookings/${booking.id}`,
            headers: { ...bearer(session), ...json },
            body: JSON.stringify({ attendees, _id: booking.id }),
          },
        };
      }
      case 'refresh': {
        const session = rng() < 0.5 ? conn.guide : conn.manager;
        return {
          planned: { op, session, startedAt },
          request: { method: 'GET', path: '/auth/refresh', headers: { cookie: `tourdesk_refresh=${session.refresh}` } },
        };
      }
      case 'signIn': {
        const session = rng() < 0.5 ? conn.guide : conn.manager;
        return {
          planned: { op, session, startedAt },
          request: {
            method: 'POST',
            path: '/auth',
            headers: json,
            body: JSON.stringify({ email: session.email, password: BENCH_PASSWORD }),
          },
        };
      }
    }
  };

  const record = (planned: Planned, status: number, body: string, headers: Record<string, unknown>) => {
    const stats = (byOperation[planned.op] ??= { count: 0, statuses: {}, p50: 0, p99: 0 });
    stats.count++;
    stats.statuses[status] = (stats.statuses[status] ?? 0) + 1;
    latencies.get(planned.op)?.push(performance.now() - planned.startedAt);
    if (status < 200 || status >= 300) {
      if (samples.length < 10) samples.push(`${planned.op} ${status} ${body.slice(0, 300)}`);
      return;
    }
    const session = planned.session;
    if (planned.op === 'checkIn' && planned.booking && planned.counts) {
      const answer = JSON.parse(body) as { version: number };
      checkIns.push({
        companyId: companyOfBooking.get(planned.booking.id) ?? '',
        bookingId: planned.booking.id,
        counts: planned.counts,
        version: answer.version,
      });
    } else if (planned.op === 'refresh' && session) {
      session.token = (JSON.parse(body) as { accessToken: string }).accessToken;
      session.refresh = refreshCookieOf(headers['set-cookie'] as string | string[]) ?? session.refresh;
    } else if (planned.op === 'signIn' && session) {
      session.token = (JSON.parse(body) as { user: { token: string } }).user.token;
      session.refresh = refreshCookieOf(headers['set-cookie'] as string | string[]) ?? session.refresh;
    }
  };

  const base = new URL(options.url);
  const result = await autocannon({
    url: base.origin,
    connections: options.connections.length,
    duration: options.durationSeconds,
    ...(options.rate ? { overallRate: options.rate } : {}),
    timeout: 10,
    // Each client is one connection with its own sessions and its own choices; one request in flight at a time,
    // so the answer handled by onResponse is always the one the last setupRequest planned.
    setupClient: (client) => {
      const conn = options.connections[clientIndex % options.connections.length] as Connection;
      const rng = random((options.seed ?? 1) * 7919 + clientIndex);
      clientIndex++;
      let pending: Planned | undefined;
      client.setRequests([
        {
          setupRequest: (request) => {
            const next = plan(conn, rng);
            pending = next.planned;
            return { ...request, ...next.request, headers: { ...next.request.headers } };
          },
          onResponse: (status, body, _context, headers) => {
            if (pending) record(pending, status, body, (headers ?? {}) as Record<string, unknown>);
            pending = undefined;
          },
        },
      ]);
    },
  });

  for (const [op, values] of latencies) {
    const stats = byOperation[op];
    if (!stats) continue;
    values.sort((a, b) => a - b);
    stats.p50 = Math.round(percentile(values, 50) * 10) / 10;
    stats.p99 = Math.round(percentile(values, 99) * 10) / 10;
  }
  const non2xxByStatus: Record<string, number> = {};
  for (const [status, { count }] of Object.entries(result.statusCodeStats ?? {})) {
    if (!status.startsWith('2') && count) non2xxByStatus[status] = count;
  }
  return {
    durationSeconds: options.durationSeconds,
    connections: options.connections.length,
    requests: result.requests.total,
    requestsPerSecond: Math.round(result.requests.total / options.durationSeconds),
    latency: {
      p50: result.latency.p50,
      p99: result.latency.p99,
      p99_9: result.latency.p99_9,
      max: result.latency.max,
    },
    errors: result.errors,
    timeouts: result.timeouts,
    non2xx: result.non2xx,
    non2xxByStatus,
    byOperation,
    checkIns,
    samples,
  };
}

/** One line per figure, for logs and RESULTS.md. */
export function describeResult(label: string, r: TrafficResult): string {
  const ops = Object.entries(r.byOperation)
    .map(([op, s]) => `${op} ${s.count} (p50 ${s.p50} ms, p99 ${s.p99} ms)`)
    .join('; ');
  const statuses = Object.entries(r.non2xxByStatus)
    .map(([status, count]) => `${status}×${count}`)
    .join(', ');
  return (
    `${label}: ${r.requestsPerSecond} req/s over ${r.durationSeconds} s with ${r.connections} connections; ` +
    `latency p50 ${r.latency.p50} ms, p99 ${r.latency.p99} ms, p99.9 ${r.latency.p99_9} ms, max ${r.latency.max} ms; ` +
    `errors ${r.errors} (timeouts ${r.timeouts}); non-2xx ${r.non2xx}${statuses ? ` (${statuses})` : ''}\n  ${ops}`
  );
}
