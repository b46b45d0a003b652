/**
 * The data of the shared traffic (bench/lib/traffic.ts): N tour companies with their members, tours, sources and a
 * working month of bookings, seeded straight through the Db handle.
 */
import { sql } from 'drizzle-orm';
import { v7 as uuidv7 } from 'uuid';
import type { Db } from '../../server/db/client';
import { bookings, companies, sources, tours, users } from '../../server/db/schema';
import { newBookingReference } from '../../server/modules/bookings/bookingReferences';
import { hashPassword } from '../../server/modules/auth/passwords';
import type { CustomerCounts } from '../../src/domain/customerTypes';
import { todayInZone } from '../../src/domain/zonedDates';
import { nextDay, previousDay } from '../../src/domain/slotRules';
import { random } from './seededRandom';

export const BENCH_PASSWORD = 'bench-password-1';
const TIMEZONE = 'Europe/Madrid';
/** Each tour runs at its own times; a company runs every tour on every day. */
const TOUR_TIMES: Record<string, string[]> = {
  'Old Town Walk': ['09:00', '11:30', '16:00'],
  'Tapas & Wine': ['19:30', '20:30'],
  'Hop-On Harbour Cruise': ['10:00', '12:00', '14:00', '17:00'],
  'Royal Palace - Gardens': ['10:00', '15:30'],
};
const SOURCE_NAMES = ['Walkin', 'GetYourGuide', 'Viator', 'Website', 'Manual'];
const GUEST_NAMES = ['Ana García', 'John Smith', 'Marie Dubois', 'Yuki Tanaka', 'Luca Rossi', 'Sofia Müller'];
const BATCH = 500;

export interface SeedOptions {
  companies?: number;
  guidesPerCompany?: number;
  /** Days of bookings before and after today (company timezone). */
  daysBack?: number;
  daysAhead?: number;
  /** Bookings per slot, drawn between these bounds. */
  bookingsPerSlot?: [number, number];
  now?: Date;
  seed?: number;
}

export interface Member {
  email: string;
  name: string;
  role: 'Manager' | 'Guide';
}

export interface Slot {
  day: string;
  time: string;
  tour: string;
}

export interface SeededBooking extends Slot {
  id: string;
  counts: CustomerCounts;
}

export interface SeededCompany {
  id: string;
  tours: string[];
  sources: string[];
  manager: Member;
  guides: Member[];
  slots: Slot[];
  /** The bookings that are not cancelled: the ones check-ins go to. */
  bookings: SeededBooking[];
}

export interface TrafficFixture {
  today: string;
  days: string[];
  companies: SeededCompany[];
  bookingCount: number;
}

export { random };

export const between = (rng: () => number, min: number, max: number) => min + Math.floor(rng() * (max - min + 1));
export const pick = <T>(rng: () => number, items: readonly T[]): T => items[Math.floor(rng() * items.length)] as T;

function dayRange(today: string, back: number, ahead: number): string[] {
  let first = today;
  for (let i = 0; i < back; i++) first = previousDay(first);
  const days = [first];
  while (days.length < back + ahead + 1) days.push(nextDay(days[days.length - 1] as string));
  return days;
}

async function insertInBatches<T>(rows: T[], insert: (batch: T[]) => Promise<unknown>): Promise<void> {
  for (let i = 0; i < rows.length; i += BATCH) await insert(rows.slice(i, i + BATCH));
}

/**
 * Companies in Madrid whose guides see the whole day (`hideBookings: false`), each with four tours, five sources,
 * an assignable Manager and Guides, and 3–8 bookings of 1–6 guests per slot over the days around today: past
 * bookings mostly checked in, about 3 % cancelled, created up to a month before their tour.
 * `db` must see every company's rows (the owner's handle on PostgreSQL).
 */
export async function seedTraffic(db: Db, options: SeedOptions = {}): Promise<TrafficFixture> {
  const count = options.companies ?? 20;
  const guideCount = options.guidesPerCompany ?? 2;
  const [minPerSlot, maxPerSlot] = options.bookingsPerSlot ?? [3, 8];
  const rng = random(options.seed ?? 1);
  const now = options.now ?? new Date();
  const today = todayInZone(TIMEZONE, now);
  const days = dayRange(today, options.daysBack ?? 14, options.daysAhead ?? 14);
  const passwordHash = await hashPassword(BENCH_PASSWORD);
  const runId = uuidv7().slice(-8);
  const fixture: TrafficFixture = { today, days, companies: [], bookingCount: 0 };

  for (let c = 0; c < count; c++) {
    const id = uuidv7();
    const label = `${String(c + 1).padStart(2, '0')}-${runId}`;
    await db.insert(companies).values({
      id,
      name: `Bench Tours ${label}`,
      timezone: TIMEZONE,
      hideBookings: false,
      display: true,
      showPhoneToGuides: false,
    });
    const tourNames = Object.keys(TOUR_TIMES);
    await db
      .insert(tours)
      .values(tourNames.map((name, position) => ({ companyId: id, id: uuidv7(), key: `t${position}`, label: name })));
    await db
      .insert(sources)
      .values(
        SOURCE_NAMES.map((name, position) => ({ companyId: id, id: uuidv7(), key: `s${position}`, label: name })),
      );
    const manager: Member = { email: `manager-${label}@bench.test`, name: `Manager ${label}`, role: 'Manager' };
    const guides: Member[] = Array.from({ length: guideCount }, (_, g) => ({
      email: `guide${g + 1}-${label}@bench.test`,
      name: `Guide ${g + 1} ${label}`,
      role: 'Guide' as const,
    }));
    await db.insert(users).values(
      [manager, ...guides].map((member) => ({
        companyId: id,
        id: uuidv7(),
        email: member.email,
        name: member.name,
        role: member.role,
        assignable: member.role === 'Manager',
        passwordHash,
      })),
    );

    const company: SeededCompany = {
      id,
      tours: tourNames,
      sources: SOURCE_NAMES,
      manager,
      guides,
      slots: [],
      bookings: [],
    };
    const rows: Array<typeof bookings.$inferInsert> = [];
    for (const day of days) {
      const past = day < today;
      for (const [tour, times] of Object.entries(TOUR_TIMES)) {
        for (const time of times) {
          company.slots.push({ day, time, tour });
          for (let b = between(rng, minPerSlot, maxPerSlot); b > 0; b--) {
            const counts = { Adults: between(rng, 1, 4), Teens: rng() < 0.2 ? 1 : 0, Children: rng() < 0.3 ? 2 : 0 };
            const cancelled = rng() < 0.03;
            const attended = past && rng() < 0.85;
            const tourStart = new Date(`${day}T${time}:00Z`).getTime();
            const bookingId = uuidv7();
            rows.push({
              companyId: id,
              reference: newBookingReference(),
              id: bookingId,
              bookingId: `BK${between(rng, 100000, 999999)}`,
              name: pick(rng, GUEST_NAMES),
              phone: rng() < 0.8 ? `+34 600 ${between(rng, 100000, 999999)}` : null,
              date: day,
              time,
              tour,
              source: pick(rng, SOURCE_NAMES),
              adults: counts.Adults,
              teens: counts.Teens,
              children: counts.Children,
              attendedAdults: attended ? counts.Adults : 0,
              attendedTeens: attended ? counts.Teens : 0,
              attendedChildren: attended ? counts.Children : 0,
              pax: counts.Adults + counts.Teens + counts.Children,
              cancelled,
              createdAt: new Date(Math.min(now.getTime(), tourStart - between(rng, 1, 30 * 24) * 3_600_000)),
            });
            if (!cancelled) company.bookings.push({ id: bookingId, day, time, tour, counts });
          }
        }
      }
    }
    await insertInBatches(rows, (batch) => db.insert(bookings).values(batch));
    fixture.bookingCount += rows.length;
    fixture.companies.push(company);
  }
  // The planner's statistics, as autovacuum would have them for a month of real bookings: freshly inserted tables
  // have none, and PostgreSQL would plan the runs' first minute on guesses.
  await db.execute(sql`analyze`);
  return fixture;
}
