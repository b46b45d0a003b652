import { asc, eq, getTableColumns, getTableName, is, sql } from 'drizzle-orm';
import { PgTable } from 'drizzle-orm/pg-core';
import type { FastifyInstance, InjectOptions, LightMyRequestResponse } from 'fastify';
import QRCode from 'qrcode';
import { v7 as uuidv7 } from 'uuid';
import type { z } from 'zod';
import type { RouteEntry } from '../../server/app';
import type { Db } from '../../server/db/client';
import * as schema from '../../server/db/schema';
import { insertSources, insertTours } from '../../server/modules/companies/companies.repository';
import { recordEvents } from '../../server/modules/eventLog/eventLog';
import { replaceShiftGuides, upsertShift } from '../../server/modules/bookings/shiftHeads.repository';
import {
  changePasswordSchema,
  credentialsSchema,
  ownSettingsBodySchema,
  signupSchema,
} from '../../src/domain/schemas/auth';
import {
  addBookingBodySchema,
  checkInBodySchema,
  editBookingBodySchema,
  lookupQuerySchema,
  saveNoteBodySchema,
} from '../../src/domain/schemas/booking';
import { feesBodySchema, reportQuerySchema } from '../../src/domain/schemas/reports';
import { timetableSchema } from '../../src/domain/schemas/timetable';
import {
  catalogChangeBodySchema,
  catalogEntryBodySchema,
  companySettingsBodySchema,
} from '../../src/domain/schemas/company';
import {
  addGuideBodySchema,
  assignGuideBodySchema,
  saveShiftGuidesBodySchema,
  timeRangeBodySchema,
} from '../../src/domain/schemas/team';
import { encodeNameList } from '../../src/domain/reports';
import { newApiKey } from '../../server/lib/apiKeySecret';
import { apiKeySourcesBodySchema, newApiKeyBodySchema } from '../../src/domain/schemas/apiKeys';
import { channelBookingBodySchema, channelChangesQuerySchema } from '../../src/domain/schemas/channel';
import { importQuerySchema, inspectQuerySchema } from '../../src/domain/schemas/imports';
import { noteUniqueId } from '../../src/domain/slotRules';
import { PASSWORD, SOURCES, TOURS, actorOf, addBooking, createCompany, type CompanyFixture } from './fixtures';
import { refreshWith, uniqueEmail } from './helpers';

/**
 * Requests for every route of `app.routeTable`, built from one company's real rows (the target). The security
 * suites send them with another company's tokens (isolation), a Guide's (roles), or with extra fields (mass
 * assignment); the fuzz suite may start from them. A route whose parameters or body no filler knows makes
 * `buildRequest` throw, so a new route fails those suites until it gets a filler here.
 */
export interface Target {
  db: Db;
  company: CompanyFixture;
  companyName: string;
  /** A slot of the target with two live bookings, a note and a shift; its tour exists only in this company. */
  day: string;
  time: string;
  tour: string;
  source: string;
  noteKey: string;
  bookingIds: string[];
  /** The booking references of `bookingIds`, as a scan finds them (`/api/bookings/lookup`). */
  references: string[];
  /** The channel reference of a booking no one is checked in on (`/api/v1/bookings/{source}/{externalId}`). */
  externalId: string;
  /** An API key besides the company's first, made before keys had sources: for the sources and revoke routes. */
  spareKeyId: string;
  /** A CSV import that may still be undone: it created one booking, at 11:00 in the target's tour. */
  importId: string;
  guideId: string;
  managerId: string;
  /** Text that only the target's data holds: an answer to another company that contains one is a leak. */
  markers: string[];
}

const SLOT_DAY = '2026-03-10';
const SLOT_TIME = '10:00';
/** Five minutes into the target's slot (10:00 in Madrid): pass it as `now` for a Guide to see and change the slot. */
export const DURING_TARGET_SLOT = new Date('2026-03-10T09:05:00Z');

/** A company (fixtures.createCompany) plus bookings, a note and a shift in one slot of a tour only it runs. */
export async function seedTarget(app: FastifyInstance, db: Db): Promise<Target> {
  const company = await createCompany(app, db);
  const { companyId } = company;
  const suffix = companyId.slice(-6);
  const tour = `Sunset Kayak ${suffix}`;
  const source = `Harbour Desk ${suffix}`;
  const tourId = uuidv7();
  await insertTours(db, [{ companyId, id: tourId, key: `kayak-${suffix}`, label: tour, position: 9 }]);
  await db.insert(schema.departures).values({
    companyId,
    id: uuidv7(),
    tourId,
    weekdays: [2],
    time: SLOT_TIME,
    validFrom: SLOT_DAY,
    validUntil: null,
    capacity: 12,
  });
  const sourceId = uuidv7();
  await insertSources(db, [{ companyId, id: sourceId, key: `desk-${suffix}`, label: source, position: 9 }]);
  // The company's key reaches the target's bookings too.
  await db
    .update(schema.apiKeys)
    .set({ sourceIds: [company.sourceIds.Viator, sourceId] })
    .where(eq(schema.apiKeys.id, company.apiKeyId));
  const guideName = company.guideName;
  const booked = await Promise.all(
    ['Lucía', 'Jonas'].map((first, i) =>
      addBooking(db, companyId, {
        date: SLOT_DAY,
        time: SLOT_TIME,
        tour,
        source,
        name: `${first} ${suffix}`,
        bookingId: `REF-${suffix}-${i}`,
        adults: 3,
        attendedAdults: 2,
        guide: guideName,
        guideId: company.guide.user._id,
      }),
    ),
  );
  // Changed a minute ago: the channel's change list shows only settled changes, and must be shown these to leak them.
  await db
    .update(schema.bookings)
    .set({ updatedAt: sql`${schema.bookings.updatedAt} - interval '1 minute'` })
    .where(eq(schema.bookings.companyId, companyId));
  const noteKey = noteUniqueId(SLOT_DAY, SLOT_TIME, tour);
  const noteText = `Meet by the lighthouse ${suffix}`;
  await db.insert(schema.notes).values({ companyId, uniqueId: noteKey, note: noteText, updatedBy: 'seed' });
  const shiftId = await upsertShift(db, {
    companyId,
    id: uuidv7(),
    shiftString: noteKey,
    date: SLOT_DAY,
    time: SLOT_TIME,
    tour,
    totalAdults: 6,
  });
  const guideId = company.guide.user._id;
  const spare = newApiKey(companyId);
  const spareKeyId = spare.id;
  await db
    .insert(schema.apiKeys)
    .values({ companyId, id: spareKeyId, name: `Spare ${suffix}`, prefix: spare.prefix, secretHash: spare.secretHash });
  // Its history: the suites read it as they read the bookings.
  const byManager = actorOf(companyId, company.managerName, company.manager.user._id);
  const slot = { day: SLOT_DAY, time: SLOT_TIME, tour };
  for (const b of booked) {
    await recordEvents(db, byManager, [
      {
        kind: 'booking.checkedIn',
        bookingIds: [b.id],
        slot,
        before: { Adults: 0 },
        after: { Adults: 2, Booked: 3 },
      },
    ]);
  }
  await replaceShiftGuides(db, companyId, shiftId, [{ userId: guideId, name: guideName, position: 0, adults: 4 }]);
  // A past CSV import and its remembered mapping.
  const importFile = `harbour-${suffix}.csv`;
  await db.insert(schema.importMappings).values({
    companyId,
    source,
    mapping: { columns: { reference: 'Ref', name: 'Name' }, dateFormat: 'yyyy-MM-dd', delimiter: 'comma' },
  });
  const importId = uuidv7();
  const imported = await addBooking(db, companyId, {
    date: SLOT_DAY,
    time: '11:00',
    tour,
    source,
    name: `Imported ${suffix}`,
    bookingId: `IMP-${suffix}`,
  });
  // A channel's booking with no one checked in yet, which the channel routes may change and cancel.
  const channelBooking = await addBooking(db, companyId, {
    date: SLOT_DAY,
    time: SLOT_TIME,
    tour,
    source,
    name: `Channel ${suffix}`,
    bookingId: `CH-${suffix}`,
    adults: 3,
  });
  await recordEvents(db, byManager, [
    {
      kind: 'booking.added',
      bookingIds: [imported.id],
      slot: { ...slot, time: '11:00' },
      operationId: importId,
      after: { Name: imported.name, Adults: 2 },
    },
    // A cancellation the first booking's check-ins kept out, as the Managers' list of refusals shows it.
    {
      kind: 'booking.changeRefused',
      bookingIds: [booked[0]!.id],
      slot,
      operationId: importId,
      before: { Cancelled: false, 'Checked in': 2 },
      after: { Cancelled: true, File: importFile, Refused: 'CANCEL_CHECKED_IN' },
    },
    {
      kind: 'bookings.imported',
      operationId: importId,
      after: { File: importFile, Created: 1, Updated: 0, Cancelled: 0, Rejected: 0 },
    },
  ]);
  const importedAt = new Date();
  await db.insert(schema.imports).values({
    companyId,
    memberId: company.manager.user._id,
    memberName: company.managerName,
    id: importId,
    fileName: importFile,
    startedAt: importedAt,
    aliveAt: importedAt,
    endedAt: importedAt,
    status: 'finished',
    created: 1,
  });
  return {
    db,
    company,
    companyName: company.manager.user.company.name,
    day: SLOT_DAY,
    time: SLOT_TIME,
    tour,
    source,
    noteKey,
    bookingIds: booked.map((b) => b.id),
    references: booked.map((b) => b.reference),
    externalId: channelBooking.bookingId,
    spareKeyId,
    importId,
    guideId,
    managerId: company.manager.user._id,
    markers: [
      companyId,
      company.manager.user.company.name,
      company.managerName,
      company.guideName,
      company.manager.user.email,
      company.guide.user.email,
      company.manager.user._id,
      guideId,
      ...Object.values(company.tourIds),
      tourId,
      tour,
      source,
      noteText,
      importFile,
      shiftId,
      company.apiKeyId,
      spareKeyId,
      importId,
      ...[...booked, imported, channelBooking].flatMap((b) => [b.id, b.name, b.bookingId, b.reference]),
      ...(await Promise.all(booked.map((b) => qrMarker(b.reference)))),
    ],
  };
}

/** A booking's QR code as an injected request gets it (host `localhost:80`): its dark modules' path. */
async function qrMarker(reference: string): Promise<string> {
  const svg = await QRCode.toString(`http://localhost:80/b/${reference}`, { type: 'svg' });
  const path = /d="([^"]+)"\/><\/svg>/.exec(svg)?.[1];
  if (!path) throw new Error('no dark modules in the QR code');
  return path;
}

type Fill<T> = (t: Target, route: RouteEntry) => T | Promise<T>;

/** Which row an `:id` names, by the path it appears in. */
const ID_KIND: Array<[prefix: string, fill: Fill<string>]> = [
  ['/api/bookings/', (t) => t.bookingIds[0] as string],
  ['/api/user/guides/', (t) => t.guideId],
  // A key of its own to revoke: the company's first key keeps working for the channel routes.
  ['/api/company/api-keys/', (t) => t.spareKeyId],
  ['/api/imports/', (t) => t.importId],
];

/** Path parameters by name. */
export const paramFillers: Record<string, Fill<string>> = {
  day: (t) => t.day,
  time: (t) => t.time,
  tour: (t) => t.tour,
  startTime: () => '09:45',
  endTime: () => '10:15',
  field: () => 'date',
  startDate: (t) => t.day,
  endDate: (t) => t.day,
  sources: (t) => encodeNameList([...SOURCES, t.source]),
  tours: (t) => encodeNameList([...TOURS, t.tour]),
  companyName: (t) => t.companyName,
  companyId: (t) => t.company.companyId,
  tourId: (t) => t.company.tourIds['Old Town Walk'],
  sourceId: () => 'viator',
  shiftString: (t) => t.noteKey,
  uniqueId: (t) => t.noteKey,
  source: (t) => t.source,
  externalId: (t) => t.externalId,
  id: (t, route) => {
    const kind = ID_KIND.find(([prefix]) => route.url.startsWith(prefix));
    if (!kind) throw new MissingFillerError(route, `:id (add the path to ID_KIND)`);
    return kind[1](t, route);
  },
};

async function currentVersion(t: Target, bookingId: string): Promise<number> {
  const [row] = await t.db
    .select({ version: schema.bookings.version })
    .from(schema.bookings)
    .where(eq(schema.bookings.id, bookingId));
  if (!row) throw new Error(`booking ${bookingId} is gone`);
  return row.version;
}

/** The language the target's Manager does not speak now: sent as theirs, it is a change. */
async function otherLanguage(t: Target): Promise<string> {
  const [row] = await t.db
    .select({ language: schema.users.language })
    .from(schema.users)
    .where(eq(schema.users.id, t.managerId));
  return row?.language === 'es' ? 'en' : 'es';
}

let fillCount = 0;

/** Bodies by schema: valid input aimed at the target's rows, with the spec's `company` where its client sends one. */
export const bodyFillers = new Map<unknown, Fill<Record<string, unknown>>>([
  [credentialsSchema, (t) => ({ email: t.company.manager.user.email, password: PASSWORD })],
  [signupSchema, () => ({ email: uniqueEmail('signup'), password: 'signup-password' })],
  [
    changePasswordSchema,
    (t) => ({ email: t.company.manager.user.email, oldPassword: PASSWORD, newPassword: PASSWORD }),
  ],
  [
    addGuideBodySchema,
    (t) => ({
      name: `Guide ${(fillCount += 1)}`,
      email: uniqueEmail('added-guide'),
      password: 'guide-password',
      company: t.company.companyId,
    }),
  ],
  [ownSettingsBodySchema, async (t) => ({ language: await otherLanguage(t) })],
  [checkInBodySchema, () => ({ attendees: [{ Adults: 1 }] })],
  [
    editBookingBodySchema,
    async (t) => ({
      bookingAfterEditServer: {
        company: t.company.companyId,
        name: `Edited ${(fillCount += 1)}`,
        customers: [{ Adults: 3 }],
        time: t.time,
        tour: t.tour,
        date: t.day,
        cancelled: false,
      },
      version: await currentVersion(t, t.bookingIds[0] as string),
    }),
  ],
  [
    addBookingBodySchema,
    (t) => ({
      company: t.company.companyId,
      name: 'Walk-in guest',
      customers: [{ Adults: 2 }],
      // A tour every company runs, so a booking added elsewhere never carries the target's own tour name.
      tour: TOURS[0],
      time: t.time,
      date: t.day,
      source: 'Walkin',
    }),
  ],
  [assignGuideBodySchema, (t) => ({ bookingIds: t.bookingIds, guide: t.company.guideName })],
  [timeRangeBodySchema, (t) => ({ guide: t.guideId, timeRange: { start: t.day, end: t.day } })],
  [feesBodySchema, (t) => ({ day: t.day })],
  [
    saveShiftGuidesBodySchema,
    (t) => ({
      selectedGuides: { selectedItems: [{ _id: t.guideId, name: t.company.guideName, attendees: [{ Adults: 3 }] }] },
    }),
  ],
  [
    channelBookingBodySchema,
    (t) => ({ name: `Channel guest ${(fillCount += 1)}`, date: t.day, time: t.time, tour: t.tour, adults: 3 }),
  ],
  [newApiKeyBodySchema, (t) => ({ name: `Key ${(fillCount += 1)}`, sources: [t.source] })],
  [apiKeySourcesBodySchema, (t) => ({ sources: [t.source] })],
  [saveNoteBodySchema, (t) => ({ uniqueId: t.noteKey, note: `Bring the life jackets ${(fillCount += 1)}` })],
  [companySettingsBodySchema, () => ({ beforeTime: 45 + ((fillCount += 1) % 10) })],
  [catalogEntryBodySchema, () => ({ label: `Night Walk ${(fillCount += 1)}` })],
  [catalogChangeBodySchema, () => ({ position: 0 })],
  [
    timetableSchema,
    (t) => ({
      departures: [
        {
          tourId: t.company.tourIds['Old Town Walk'],
          weekdays: [1, 2, 3],
          time: '10:00',
          validFrom: t.day,
          validUntil: null,
          capacity: 20,
        },
      ],
      exceptions: [],
    }),
  ],
]);

/** Routes whose body schema is declared inline (no shared schema object to key on). */
export const routeBodyFillers: Record<string, Fill<Record<string, unknown>>> = {
  'PATCH /api/company/:companyId/:tourId/color': () => ({ color: 'blue' }),
  'PATCH /api/company/:companyId/:tourId/flag': () => ({ flag: 'uk' }),
};

/** Query strings by schema. */
export const queryFillers = new Map<unknown, Fill<Record<string, string>>>([
  [reportQuerySchema, () => ({})],
  [lookupQuerySchema, (t) => ({ code: t.references[0] as string })],
  [channelChangesQuerySchema, () => ({ since: '2000-01-01T00:00:00Z' })],
  [inspectQuerySchema, () => ({})],
  [
    importQuerySchema,
    (t) => ({
      fileName: 'channel.csv',
      encoding: 'utf-8',
      delimiter: 'comma',
      dateFormat: 'yyyy-MM-dd',
      fixedSource: t.source,
      ...{ reference: '0', name: '1', date: '2', time: '3', tour: '4', adults: '5' },
    }),
  ],
]);

/** Routes that take a file rather than JSON: a CSV renaming the target's channel booking (the import's query above). */
export const fileFillers: Record<string, Fill<string>> = Object.fromEntries(
  ['inspect', 'preview', 'apply'].map((mode) => [
    `POST /api/imports/${mode}`,
    (t: Target) =>
      `Ref,Name,Date,Time,Tour,Adults\n${t.externalId},Imported ${(fillCount += 1)},${t.day},${t.time},${t.tour},3\n`,
  ]),
);

export class MissingFillerError extends Error {
  constructor(route: RouteEntry, what: string) {
    super(
      `No filler for ${what} of ${routeKey(route)}: add one to test/server/routeFillers.ts so the security suites ` +
        'can aim this route at another company’s rows',
    );
  }
}

export function routeKey(route: Pick<RouteEntry, 'method' | 'url'>): string {
  return `${route.method} ${route.url}`;
}

type RouteSchema = { params?: z.ZodType; querystring?: z.ZodType; body?: z.ZodType };

function checked<T>(route: RouteEntry, part: string, zod: z.ZodType | undefined, value: T): T {
  const result = zod?.safeParse(value);
  if (result && !result.success) {
    throw new Error(
      `The ${part} filler of ${routeKey(route)} builds input its schema refuses: ${result.error.message}`,
    );
  }
  return value;
}

export interface FilledRequest {
  method: InjectOptions['method'];
  url: string;
  query?: Record<string, string>;
  payload?: Record<string, unknown> | string;
  /** A file route's content type; spread the auth headers over these. */
  headers?: Record<string, string>;
}

/** A valid request for the route aimed at the target's rows; throws MissingFillerError for an unknown part. */
export async function buildRequest(route: RouteEntry, t: Target): Promise<FilledRequest> {
  const s = (route.schema ?? {}) as RouteSchema;
  const params: Record<string, string> = {};
  for (const [, name] of route.url.matchAll(/:(\w+)/g)) {
    const fill = paramFillers[name as string];
    if (!fill) throw new MissingFillerError(route, `the path parameter :${name}`);
    params[name as string] = await fill(t, route);
  }
  checked(route, 'path', s.params, params);
  const url = route.url.replace(/:(\w+)/g, (_, name: string) => encodeURIComponent(params[name] as string));
  const request: FilledRequest = { method: route.method as InjectOptions['method'], url };
  if (s.querystring) {
    const fill = queryFillers.get(s.querystring);
    if (!fill) throw new MissingFillerError(route, 'the query string');
    request.query = checked(route, 'query', s.querystring, await fill(t, route));
  }
  const file = fileFillers[routeKey(route)];
  if (file) {
    request.payload = await file(t, route);
    request.headers = { 'content-type': 'text/csv' };
  }
  if (s.body) {
    const fill = bodyFillers.get(s.body) ?? routeBodyFillers[routeKey(route)];
    if (!fill) throw new MissingFillerError(route, 'the body');
    request.payload = checked(route, 'body', s.body, await fill(t, route));
  }
  return request;
}

/**
 * The access token to use after a signed-in request: a password change ends every session of the member and sets
 * a new refresh cookie, which the client trades for a new access token, as here.
 */
export async function tokenAfter(app: FastifyInstance, res: LightMyRequestResponse, token: string): Promise<string> {
  const cookie = res.cookies.find((c) => c.name === 'tourdesk_refresh');
  if (!cookie) return token;
  const refreshed = await refreshWith(app, cookie.value);
  if (refreshed.statusCode !== 200) throw new Error(`refresh after ${res.statusCode} failed: ${refreshed.body}`);
  return refreshed.json<{ accessToken: string }>().accessToken;
}

/** The tables that hold no company's data (as in rowLevelSecurity.test.ts): the rate limiter's hashed counts. */
const SHARED_TABLES: unknown[] = [schema.rateLimits];

function tenantTables(): PgTable[] {
  return (Object.values(schema) as unknown[]).filter(
    (value): value is PgTable => is(value, PgTable) && !SHARED_TABLES.includes(value),
  );
}

/**
 * Every row of one company, table by table, in a stable order: compare before and after to prove a request
 * changed nothing of it. A table with no company column makes it throw, so a new table cannot slip past.
 */
export async function companyRows(db: Db, companyId: string): Promise<Record<string, string[]>> {
  const out: Record<string, string[]> = {};
  for (const table of tenantTables()) {
    const columns = getTableColumns(table);
    const key = table === schema.companies ? columns.id : columns.companyId;
    if (!key) throw new Error(`${getTableName(table)} has no company_id column: teach companyRows about it`);
    const rows = await db.select().from(table).where(eq(key, companyId)).orderBy(asc(key));
    out[getTableName(table)] = rows.map((row) => JSON.stringify(row)).sort();
  }
  return out;
}

/** Every row of every table, by table (mass assignment scans them for injected values). */
export async function allRows(db: Db): Promise<Record<string, Array<Record<string, unknown>>>> {
  const out: Record<string, Array<Record<string, unknown>>> = {};
  for (const table of tenantTables()) out[getTableName(table)] = await db.select().from(table);
  return out;
}
