import { v7 as uuidv7 } from 'uuid';
import type { FastifyInstance } from 'fastify';
import type { Db } from '../../server/db/client';
import { apiKeys, companies, departures } from '../../server/db/schema';
import { newApiKey } from '../../server/lib/apiKeySecret';
import { hashPassword } from '../../server/modules/auth/passwords';
import { insertBooking, type BookingRow, type NewBooking } from '../../server/modules/bookings/bookings.repository';
import { insertSources, insertTours } from '../../server/modules/companies/companies.repository';
import type { EventActor } from '../../server/modules/eventLog/eventLog';
import { insertUser } from '../../server/modules/users/users.repository';
import { bearer, login, uniqueEmail, type SignedIn } from './helpers';

export const PASSWORD = 'fixture-password';
export const TOURS = ['Old Town Walk', 'Hop-On Harbour Cruise'] as const;
export const SOURCES = ['Walkin', 'Viator', 'Manual'] as const;
type Source = (typeof SOURCES)[number];

let passwordHash: Promise<string> | undefined;

export interface CompanyFixture {
  companyId: string;
  tourIds: Record<(typeof TOURS)[number], string>;
  sourceIds: Record<Source, string>;
  manager: SignedIn;
  guide: SignedIn;
  managerName: string;
  guideName: string;
  /** The company's channel API key (`/api/v1`) for its Viator bookings, and its id. */
  apiKey: string;
  apiKeyId: string;
}

/** A company in Madrid with two tours, three sources, an assignable Manager and a Guide, both signed in. */
export async function createCompany(
  app: FastifyInstance,
  db: Db,
  settings: Partial<typeof companies.$inferInsert> = {},
): Promise<CompanyFixture> {
  const { managerEmail, guideEmail, ...company } = await insertCompany(db, settings);
  const key = newApiKey(company.companyId);
  const { id, prefix, secretHash } = key;
  const sourceIds = [company.sourceIds.Viator];
  await db.insert(apiKeys).values({ companyId: company.companyId, id, name: 'Viator', prefix, secretHash, sourceIds });
  return {
    ...company,
    apiKey: key.key,
    apiKeyId: id,
    manager: await login(app, managerEmail, PASSWORD),
    guide: await login(app, guideEmail, PASSWORD),
  };
}

/** `createCompany`'s rows, written straight to the database: its members sign in with PASSWORD. */
export async function insertCompany(db: Db, settings: Partial<typeof companies.$inferInsert> = {}) {
  passwordHash ??= hashPassword(PASSWORD);
  const hash = await passwordHash;
  const companyId = uuidv7();
  const tourIds = { 'Old Town Walk': uuidv7(), 'Hop-On Harbour Cruise': uuidv7() };
  const suffix = companyId.slice(-6);
  const managerName = `Marta ${suffix}`;
  const guideName = `Gabriel ${suffix}`;
  const managerEmail = uniqueEmail('manager');
  const guideEmail = uniqueEmail('guide');
  await db.insert(companies).values({
    id: companyId,
    name: `Company ${suffix}`,
    timezone: 'Europe/Madrid',
    hideBookings: true,
    beforeTime: 60,
    afterTime: 60,
    showPhoneToManagers: true,
    showPhoneToGuides: true,
    display: true,
    ...settings,
  });
  await insertTours(
    db,
    TOURS.map((label, position) => ({ companyId, id: tourIds[label], key: `tour-${position}`, label, position })),
  );
  const sourceIds = Object.fromEntries(SOURCES.map((label) => [label, uuidv7()])) as Record<Source, string>;
  await insertSources(
    db,
    SOURCES.map((label, position) => ({ companyId, id: sourceIds[label], key: label.toLowerCase(), label, position })),
  );
  await insertUser(db, {
    companyId,
    id: uuidv7(),
    email: managerEmail,
    name: managerName,
    role: 'Manager',
    assignable: true,
    passwordHash: hash,
  });
  await insertUser(db, {
    companyId,
    id: uuidv7(),
    email: guideEmail,
    name: guideName,
    role: 'Guide',
    assignable: false,
    passwordHash: hash,
  });
  return { companyId, tourIds, sourceIds, managerName, guideName, managerEmail, guideEmail };
}

export function addBooking(
  db: Db,
  companyId: string,
  booking: Partial<NewBooking> & Pick<NewBooking, 'date' | 'time'>,
): Promise<BookingRow> {
  const adults = booking.adults ?? 2;
  const teens = booking.teens ?? 0;
  const children = booking.children ?? 0;
  return insertBooking(db, {
    id: uuidv7(),
    bookingId: 'GYG123456789',
    name: 'Ana García',
    phone: '+34 600 000 000',
    tour: TOURS[0],
    source: 'Viator',
    pax: adults + teens + children,
    ...booking,
    adults,
    teens,
    children,
    companyId,
  });
}

/**
 * PATCH /api/bookings/edit/:id as the Edit dialog sends it: a whole form (2 adults at 11:45 on the first tour,
 * not cancelled, on `day`) with `changes` laid over it, based on `version`; `extra` adds fields beside the form.
 */
export function editBooking(
  app: FastifyInstance,
  token: string,
  id: string,
  changes: Record<string, unknown>,
  { day, version = 1, extra = {} }: { day: string; version?: number; extra?: Record<string, unknown> },
) {
  return app.inject({
    method: 'PATCH',
    url: `/api/bookings/edit/${id}`,
    headers: bearer(token),
    payload: {
      _id: id,
      version,
      bookingAfterEditServer: {
        customers: [{ Adults: 2 }],
        time: '11:45',
        tour: TOURS[0],
        date: day,
        cancelled: false,
        ...changes,
      },
      ...extra,
    },
  });
}

/** A weekly departure of a tour, every day from 2026-01-01 unless told otherwise. */
export async function addDeparture(
  db: Db,
  companyId: string,
  tourId: string,
  departure: { time: string; capacity: number | null; weekdays?: number[]; validFrom?: string },
): Promise<void> {
  await db.insert(departures).values({
    companyId,
    id: uuidv7(),
    tourId,
    weekdays: [1, 2, 3, 4, 5, 6, 7],
    validFrom: '2026-01-01',
    validUntil: null,
    ...departure,
  });
}

/** Who a fixture's events name (`recordEvents`): a member by name and id, or no member (a channel, an import). */
export const actorOf = (companyId: string, name: string, userId: string | null = null): EventActor => ({
  companyId,
  userId,
  name,
  email: '',
  device: { id: null, userAgent: null },
});
