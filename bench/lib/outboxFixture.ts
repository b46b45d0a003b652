/**
 * bench/outbox.ts's data: one company of the shared traffic data with a Guide per device, and each device's plan —
 * its own bookings from tomorrow on (a Guide may change them all run long, and no two devices share one, so every
 * check-in is made on the counts the server has and the last one queued is the one that must stay).
 */
import type { Db } from '../../server/db/client';
import type { AuthUser } from '../../src/domain/auth';
import type { Booking, SlotBookings } from '../../src/domain/booking';
import type { DevicePlan } from './outboxPlan';
import { random as seeded } from './seededRandom';
import { refreshCookieOf } from './sessions';
import { BENCH_PASSWORD, seedTraffic, type Member, type SeededBooking, type TrafficFixture } from './trafficData';

export interface OutboxSettings {
  devices: number;
  checkIns: number;
  bookingsPerDevice: number;
  dropRate: number;
  tapMs: [number, number];
  offlineMs: number;
  drainMs: number;
  seed: number;
}

/** Where in its taps each device reloads, and goes offline: two reloads fall inside the offline spells. */
const RELOADS = [0.15, 0.3, 0.45, 0.7, 0.85];
const OFFLINE = [0.25, 0.65];

export function seedOutbox(db: Db, settings: OutboxSettings): Promise<TrafficFixture> {
  return seedTraffic(db, { companies: 1, guidesPerCompany: settings.devices, daysBack: 0, daysAhead: 3 });
}

async function signInGuide(baseUrl: string, member: Member): Promise<{ user: AuthUser; refresh: string }> {
  const res = await fetch(`${baseUrl}/auth`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email: member.email, password: BENCH_PASSWORD }),
  });
  if (res.status !== 200) throw new Error(`sign-in of ${member.email} answered ${res.status}: ${await res.text()}`);
  const { user } = (await res.json()) as { user: AuthUser };
  return { user, refresh: refreshCookieOf(res.headers.getSetCookie()) ?? '' };
}

/** The bookings as a slot page shows them (GET, no drops): the rows the guide taps. */
async function rowsOf(baseUrl: string, token: string, chosen: SeededBooking[]): Promise<Map<string, Booking>> {
  const rows = new Map<string, Booking>();
  const slots = new Set(
    chosen.map((b) => `/api/bookings/date/${b.day}/${encodeURIComponent(b.time)}/${encodeURIComponent(b.tour)}`),
  );
  for (const path of slots) {
    const res = await fetch(`${baseUrl}${path}`, { headers: { authorization: `Bearer ${token}` } });
    if (res.status !== 200) throw new Error(`GET ${path} answered ${res.status}`);
    for (const booking of ((await res.json()) as SlotBookings).bookings) rows.set(booking._id, booking);
  }
  return rows;
}

export async function devicePlans(baseUrl: string, fixture: TrafficFixture, s: OutboxSettings): Promise<DevicePlan[]> {
  const company = fixture.companies[0];
  if (!company) throw new Error('no company seeded');
  const rng = seeded(s.seed);
  const future = company.bookings
    .filter((booking) => booking.day > fixture.today)
    .map((booking) => ({ booking, order: rng() }))
    .sort((a, b) => a.order - b.order)
    .map(({ booking }) => booking);
  const chosen = future.slice(0, s.devices * s.bookingsPerDevice);
  if (chosen.length < s.devices * s.bookingsPerDevice) throw new Error(`only ${future.length} bookings to share`);
  const sessions = [];
  for (const guide of company.guides) sessions.push(await signInGuide(baseUrl, guide));
  const rows = await rowsOf(baseUrl, sessions[0]?.user.token ?? '', chosen);

  return sessions.map(({ user, refresh }, index) => {
    const taps = Math.floor(s.checkIns / s.devices) + (index < s.checkIns % s.devices ? 1 : 0);
    const at = (share: number) => Math.floor(taps * share);
    const mine = chosen.slice(index * s.bookingsPerDevice, (index + 1) * s.bookingsPerDevice);
    return {
      index,
      baseUrl,
      user,
      refreshCookie: refresh,
      bookings: mine.map((booking) => rows.get(booking.id) as Booking),
      taps,
      tapMs: s.tapMs,
      dropRate: s.dropRate,
      reloadAt: RELOADS.map(at),
      offline: OFFLINE.map((share) => ({ at: at(share), ms: s.offlineMs })),
      drainMs: s.drainMs,
      seed: s.seed * 100 + index,
    };
  });
}
