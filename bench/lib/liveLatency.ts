/**
 * Check-ins over node:http and the time until a live stream carries each one: from the answer on device A to the
 * first event on device B's stream showing the booking at that version or later.
 */
import { request } from 'node:http';
import type { Booking } from '../../src/domain/booking';
import type { LiveEvent } from '../../src/domain/events';

export type Attendees = Array<Partial<Record<string, number>>>;

export interface CheckInAnswer {
  status: number;
  /** performance.now() when the answer was read. */
  at: number;
  booking?: Booking;
  body: string;
}

/** PATCH /api/bookings/:id on a connection of its own (no pool to keep open past a server's stop). */
export function checkIn(baseUrl: string, token: string, bookingId: string, attendees: Attendees) {
  const body = JSON.stringify({ attendees });
  return new Promise<CheckInAnswer>((answered, fail) => {
    const req = request(`${baseUrl}/api/bookings/${bookingId}`, {
      method: 'PATCH',
      agent: false,
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
    });
    req.on('error', fail);
    req.on('response', (res) => {
      let text = '';
      res.setEncoding('utf8');
      res.on('data', (chunk: string) => (text += chunk));
      res.on('end', () => {
        const status = res.statusCode ?? 0;
        const at = performance.now();
        answered({ status, at, body: text, booking: status === 200 ? (JSON.parse(text) as Booking) : undefined });
      });
    });
    req.end(body);
  });
}

/** `[{Adults: 2}, {Teens: 0}]` and `[{Adults: 2}]` say the same: counts by type, zeros left out. */
export function countsKey(attendees: Attendees): string {
  const counts: Record<string, number> = {};
  for (const entry of attendees)
    for (const [type, n] of Object.entries(entry)) counts[type] = (counts[type] ?? 0) + (n ?? 0);
  return Object.keys(counts)
    .filter((type) => counts[type])
    .sort()
    .map((type) => `${type}=${counts[type]}`)
    .join(',');
}

interface Sighting {
  version: number;
  counts: string;
  at: number;
}

interface Ack {
  phase: string;
  bookingId: string;
  version: number;
  counts: string;
  at: number;
}

export interface Delivery {
  phase: string;
  ms: number;
  /** The event came before the answer (latency clamped at 0). */
  early: boolean;
}

export class DeliveryTracker {
  readonly deliveries: Delivery[] = [];
  /** Seen at the acknowledged version with other attendees than the answer's. */
  readonly mismatched: string[] = [];
  private readonly sightings = new Map<string, Sighting[]>();
  private readonly pending = new Map<string, Ack[]>();

  seen = (event: LiveEvent, at: number): void => {
    for (const booking of event.bookings) {
      const sighting = { version: booking.version, counts: countsKey(booking.attendees), at };
      this.sightings.set(booking._id, [...(this.sightings.get(booking._id) ?? []), sighting]);
      const waiting = this.pending.get(booking._id) ?? [];
      const met = waiting.filter((ack) => ack.version <= sighting.version);
      this.pending.set(
        booking._id,
        waiting.filter((ack) => !met.includes(ack)),
      );
      for (const ack of met) this.deliver(ack, sighting);
    }
  };

  acked(phase: string, booking: Booking, at: number): void {
    const ack = { phase, bookingId: booking._id, version: booking.version, counts: countsKey(booking.attendees), at };
    const earlier = this.sightings.get(ack.bookingId)?.find((s) => s.version >= ack.version);
    if (earlier) return this.deliver(ack, earlier);
    this.pending.set(ack.bookingId, [...(this.pending.get(ack.bookingId) ?? []), ack]);
  }

  /** Acknowledged check-ins no event has shown yet. */
  unseen(): string[] {
    return [...this.pending.values()].flat().map((ack) => `${ack.phase}: ${ack.bookingId} v${ack.version}`);
  }

  private deliver(ack: Ack, sighting: Sighting): void {
    if (sighting.version === ack.version && sighting.counts !== ack.counts) {
      this.mismatched.push(`${ack.bookingId} v${ack.version}: answered ${ack.counts}, streamed ${sighting.counts}`);
    }
    this.deliveries.push({ phase: ack.phase, ms: Math.max(0, sighting.at - ack.at), early: sighting.at < ack.at });
  }
}

export function percentile(sorted: number[], p: number): number {
  if (sorted.length === 0) return 0;
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] as number;
}

export interface LatencySummary {
  count: number;
  early: number;
  p50: number;
  p95: number;
  p99: number;
  max: number;
}

export function summarize(deliveries: Delivery[]): LatencySummary {
  const ms = deliveries.map((d) => d.ms).sort((a, b) => a - b);
  const round = (value: number) => Math.round(value * 10) / 10;
  return {
    count: ms.length,
    early: deliveries.filter((d) => d.early).length,
    p50: round(percentile(ms, 50)),
    p95: round(percentile(ms, 95)),
    p99: round(percentile(ms, 99)),
    max: round(ms.at(-1) ?? 0),
  };
}
