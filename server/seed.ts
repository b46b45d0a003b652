import { addDays, addMinutes, format, parse } from 'date-fns';
import { formatInTimeZone, fromZonedTime } from 'date-fns-tz';
import { v7 as uuidv7 } from 'uuid';
import type { Role } from '../src/domain/auth';
import type { Language } from '../src/domain/languages';
import type { TourColor, TourFlag } from '../src/domain/company';
import type { Db } from './db/client';
import { bookings } from './db/schema';
import { newBookingReferences } from './modules/bookings/bookingReferences';
import { hashPassword } from './modules/auth/passwords';
import { countCompanies, insertCompany, insertSources, insertTours } from './modules/companies/companies.repository';
import { replaceTimetable } from './modules/timetable/timetable.repository';
import { demoTimetable } from './seedTimetable';
import { insertUser } from './modules/users/users.repository';

export const DEMO_PASSWORD = 'tourdesk-demo';
export const DEMO_TIMEZONE = 'Europe/Madrid';
export const DEMO_USERS: ReadonlyArray<{
  email: string;
  name: string;
  role: Role;
  assignable: boolean;
  language: Language;
}> = [
  { email: 'manager@demo.test', name: 'Marta Manager', role: 'Manager', assignable: true, language: 'en' },
  { email: 'guide@demo.test', name: 'Gabriel Guide', role: 'Guide', assignable: false, language: 'en' },
  { email: 'guide2@demo.test', name: 'Gina Guide', role: 'Guide', assignable: false, language: 'en' },
  // The demo company runs in Madrid: its Spanish-speaking guide shows every screen in Spanish.
  { email: 'guia@demo.test', name: 'Lucía Guía', role: 'Guide', assignable: false, language: 'es' },
];

const TOURS: ReadonlyArray<{ key: string; label: string; color: TourColor; flag: TourFlag; times: string[] }> = [
  { key: 'old-town', label: 'Old Town Walk', color: 'blue', flag: 'uk', times: ['10:00', '16:00'] },
  { key: 'palace', label: 'Royal Palace & Gardens', color: 'yellow', flag: 'france', times: ['11:30'] },
  { key: 'harbour', label: 'Hop-On Harbour Cruise', color: 'brown', flag: 'portugal', times: ['13:00'] },
  { key: 'boat', label: 'Sunset Boat Trip', color: 'green', flag: 'none', times: ['18:00'] },
  { key: 'tapas', label: 'Tapas Tour', color: 'pink', flag: 'spain', times: ['19:30'] },
  { key: 'museum', label: 'Museum Highlights', color: 'black', flag: 'italy', times: ['10:15'] },
];
export const NEAR_SLOT_TOUR = 'Old Town Walk';
export const NEAR_SLOT_PARTY = 'Lena Fischer';
const NEAR_PARTY_AGAIN_WITHIN_MS = 3 * 60 * 60_000;
const SOURCES = ['Walkin', 'GetYourGuide', 'Viator', 'Website', 'Manual'] as const;
const FIRST = ['Ana', 'Ben', 'Chloé', 'Diego', 'Emma', 'Farid', 'Grace', 'Hugo', 'Inés', 'Jonas', 'Kenji', 'Lucía'];
const LAST = ['García', 'Smith', 'Müller', 'Rossi', 'Dubois', 'Silva', 'Nakamura', "O'Brien", 'Novak', 'Jensen'];

/** A small deterministic generator so the demo looks the same on every machine for a given day. */
function mulberry32(seed: number): () => number {
  let a = seed;
  return () => {
    a = (a + 0x6d2b79f5) | 0;
    let t = Math.imul(a ^ (a >>> 15), 1 | a);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

type BookingRow = Omit<typeof bookings.$inferInsert, 'reference'>;

export async function seedDemoIfEmpty(db: Db, now: Date): Promise<boolean> {
  if ((await countCompanies(db)) > 0) return false;
  await seedDemo(db, now);
  return true;
}

export async function seedDemo(db: Db, now: Date): Promise<string> {
  const companyId = uuidv7();
  const passwordHash = await hashPassword(DEMO_PASSWORD);
  const rows = demoBookings(companyId, now);
  await db.transaction(async (tx) => {
    await insertCompany(tx, {
      id: companyId,
      name: 'Demo Tours',
      timezone: DEMO_TIMEZONE,
      hideBookings: true,
      beforeTime: 60,
      afterTime: 60,
      display: true,
      showPhoneToManagers: true,
      showPhoneToGuides: true,
    });
    const tourRows = TOURS.map((t, position) => ({
      companyId,
      id: uuidv7(),
      key: t.key,
      label: t.label,
      color: t.color,
      flag: t.flag,
      position,
    }));
    await insertTours(tx, tourRows);
    await replaceTimetable(
      tx,
      companyId,
      demoTimetable(
        tourRows.map((row, i) => ({ ...row, times: TOURS[i]!.times })),
        formatInTimeZone(now, DEMO_TIMEZONE, 'yyyy-MM-dd'),
      ),
    );
    await insertSources(
      tx,
      SOURCES.map((label, position) => ({ companyId, id: uuidv7(), key: label.toLowerCase(), label, position })),
    );
    for (const user of DEMO_USERS) await insertUser(tx, { companyId, id: uuidv7(), passwordHash, ...user });
    // A new company: references drawn apart from each other are free in it.
    const references = newBookingReferences(rows.length);
    const referenced = rows.map((row, i) => ({ ...row, reference: references[i] as string }));
    for (let i = 0; i < referenced.length; i += 500) await tx.insert(bookings).values(referenced.slice(i, i + 500));
  });
  return companyId;
}

export const NEAR_SLOT_GUESTS = 38;

/** Bookings from 14 days back to 14 ahead, plus a slot starting within the hour so a guide always sees one. */
export function demoBookings(companyId: string, now: Date): BookingRow[] {
  const today = formatInTimeZone(now, DEMO_TIMEZONE, 'yyyy-MM-dd');
  const nowTime = formatInTimeZone(now, DEMO_TIMEZONE, 'HH:mm');
  const random = mulberry32(Number(today.replaceAll('-', '')));
  const pick = <T>(items: readonly T[]): T => items[Math.floor(random() * items.length)] as T;
  const rows: BookingRow[] = [];

  const addSlot = (day: string, time: string, tour: string, guests = 1 + Math.floor(random() * 40)) => {
    const past = day < today || (day === today && time < nowTime);
    while (guests > 0) {
      const size = Math.min(guests, 1 + Math.floor(random() * 6));
      guests -= size;
      const children = size > 2 && random() < 0.3 ? 1 : 0;
      const teens = size - children > 2 && random() < 0.2 ? 1 : 0;
      const adults = size - children - teens;
      const manual = random() < 0.12;
      const source = manual ? pick(['Walkin', 'Manual'] as const) : pick(SOURCES.slice(1, 4));
      const cancelled = random() < 0.05;
      const showedUp = past && !cancelled && random() < 0.85;
      const bookingDay = parse(day, 'yyyy-MM-dd', now);
      rows.push({
        companyId,
        id: uuidv7(),
        bookingId: manual
          ? 'Manually added'
          : random() < 0.1
            ? ''
            : `${source.slice(0, 3).toUpperCase()}${Math.floor(random() * 1e9)}`,
        name: `${pick(FIRST)} ${pick(LAST)}`,
        phone:
          random() < 0.2
            ? null
            : random() < 0.5
              ? `+34 6${String(Math.floor(random() * 1e8)).padStart(8, '0')}`
              : `0044 7${String(Math.floor(random() * 1e9)).padStart(9, '0')}`,
        date: day,
        time,
        tour,
        source,
        adults,
        teens,
        children,
        attendedAdults: showedUp ? adults : 0,
        attendedTeens: showedUp ? teens : 0,
        attendedChildren: showedUp ? children : 0,
        pax: size,
        cancelled,
        manual,
        createdAt: bookedAt(addDays(bookingDay, -1 - Math.floor(random() * 30)), random),
      });
    }
  };

  for (let offset = -14; offset <= 14; offset++) {
    const day = format(addDays(parse(today, 'yyyy-MM-dd', now), offset), 'yyyy-MM-dd');
    for (const tour of TOURS) for (const time of tour.times) if (random() < 0.8) addSlot(day, time, tour.label);
  }

  const addNearParty = (at: Date, bookingId: string) => {
    const day = formatInTimeZone(at, DEMO_TIMEZONE, 'yyyy-MM-dd');
    const time = formatInTimeZone(at, DEMO_TIMEZONE, 'HH:mm');
    // A big group, as a guide meets at a popular departure: 34 guests, 38 with the party below.
    addSlot(day, time, NEAR_SLOT_TOUR, NEAR_SLOT_GUESTS - 4);
    // A known party in the near slot, so a guide always has a family to check in partly.
    rows.push({
      companyId,
      id: uuidv7(),
      bookingId,
      name: NEAR_SLOT_PARTY,
      phone: '+49 151 2345678',
      date: day,
      time,
      tour: NEAR_SLOT_TOUR,
      source: 'GetYourGuide',
      adults: 3,
      teens: 0,
      children: 1,
      pax: 4,
      createdAt: addDays(now, -3),
    });
  };
  addNearParty(nearQuarterHour(now), 'GYG-NEAR-0001');
  // Seeded late in the evening, the party also waits just after midnight, so a demo (or a test run) that crosses
  // midnight still has a family to check in on the new day.
  const soonAfterMidnight = fromZonedTime(
    `${format(addDays(parse(today, 'yyyy-MM-dd', now), 1), 'yyyy-MM-dd')}T00:30:00`,
    DEMO_TIMEZONE,
  );
  if (soonAfterMidnight.getTime() - now.getTime() <= NEAR_PARTY_AGAIN_WITHIN_MS)
    addNearParty(soonAfterMidnight, 'GYG-NEAR-0002');
  return rows;
}

/** A booking made on that day between 07:00 and 22:59 in Madrid, as customers book. */
function bookedAt(day: Date, random: () => number): Date {
  const hour = String(7 + Math.floor(random() * 16)).padStart(2, '0');
  const minute = String(Math.floor(random() * 60)).padStart(2, '0');
  return fromZonedTime(`${format(day, 'yyyy-MM-dd')}T${hour}:${minute}:00`, DEMO_TIMEZONE);
}

/** The next quarter hour, or the one just begun when the next falls on tomorrow: the near slot stays on today. */
function nearQuarterHour(now: Date): Date {
  const next = addMinutes(now, 15);
  next.setUTCMinutes(Math.floor(next.getUTCMinutes() / 15) * 15, 0, 0);
  const sameDay =
    formatInTimeZone(next, DEMO_TIMEZONE, 'yyyy-MM-dd') === formatInTimeZone(now, DEMO_TIMEZONE, 'yyyy-MM-dd');
  return sameDay ? next : addMinutes(next, -15);
}
