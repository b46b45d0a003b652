import type { z } from 'zod';
import { errorBodySchema } from '../../src/domain/schemas/auth';

/**
 * Every `code` an error answer carries and what it tells a client. A route lists its own per status (`errors`); the
 * API document shows them under each answer, and the generated tests check each answer's code against the list.
 */
export const ERROR_CODES = {
  VALIDATION:
    'A parameter, the query, a header or the body is not valid: `error` names the field, `details` lists each problem.',
  BAD_REQUEST: 'The request cannot be done as sent; `error` says why.',
  FST_ERR_BAD_URL: 'Any call: the path is not valid percent-encoding.',
  FST_ERR_MAX_PARAM_LENGTH: 'Any call: a path segment is over 4000 characters (answered 414).',
  HEADERS_TOO_LARGE: 'Any call: the address and headers together are over 16 KiB (answered 431).',
  FST_ERR_CTP_INVALID_JSON_BODY: 'The body is not valid JSON.',
  FST_ERR_CTP_EMPTY_JSON_BODY: 'The body is empty although `Content-Type` says JSON.',
  FST_ERR_CTP_BODY_TOO_LARGE: 'The body is over 1 MiB.',
  FST_ERR_CTP_INVALID_MEDIA_TYPE: 'The body is not JSON: send `Content-Type: application/json`.',
  PAYLOAD_TOO_LARGE: 'The file is over the size this call reads.',
  UNSUPPORTED_MEDIA_TYPE: 'Send the file itself, as `text/csv`.',
  UNAUTHORIZED:
    'No access token, or one that expired or whose session ended (signed out, password or role changed, member ' +
    'removed): renew it with `GET /auth/refresh` (the cookie) and retry, or sign in again.',
  API_KEY_NOT_ACCEPTED: 'A channel’s API key opens only `/api/v1`; this route needs a member’s access token.',
  INVALID_CREDENTIALS: 'The email or the password is wrong (the answer does not say which).',
  NO_REFRESH_TOKEN: 'No refresh cookie came with the call: sign in again.',
  INVALID_REFRESH_TOKEN: 'The refresh cookie is unknown, expired or its session ended: sign in again.',
  REFRESH_TOKEN_REUSED:
    'A refresh cookie already exchanged was sent again after the grace period: the whole session ends, sign in again.',
  CROSS_SITE: 'Another site’s page made the browser send the cookie (`Origin` or `Sec-Fetch-Site`): refused.',
  FORBIDDEN: 'The member’s role may not do this: "You don’t have permission to perform that action".',
  SLOT_HIDDEN: 'A Guide outside the visibility window: "Only Managers can see these tours".',
  SLOT_LOCKED: 'A Guide past the lock (30 minutes after the slot starts, unless the company unlocks bookings).',
  NOT_FOUND: 'No such item in this company (another company’s ids answer this too).',
  COMPANY_NOT_FOUND: 'The path names another company than the caller’s.',
  TOUR_NOT_FOUND: 'The company has no such tour: "Tour not found".',
  SOURCE_NOT_FOUND: 'The company has no such source.',
  NO_SHIFT: 'The slot has no shift yet (the app shows none).',
  UNKNOWN_TOUR: 'A tour that is not one of the company’s.',
  UNKNOWN_SOURCE: 'A source that is not one of the company’s.',
  UNKNOWN_GUIDE: 'A guide who is not an active member of the company.',
  AMBIGUOUS_NAMES:
    'A list with bare dashes that two sets of the company’s names could make: write a dash inside a name as `~d`.',
  ATTENDEES_OVER_BOOKED: 'More guests checked in than booked for a customer type.',
  SOURCE_LOCKED: 'Only manually added bookings may change their source.',
  DUPLICATE_GUIDE: 'A guide appears twice in the split.',
  CANNOT_DELETE_SELF: 'A Manager cannot remove their own account.',
  WRONG_PASSWORD: 'The old password is not the member’s.',
  EMPTY_FILE: 'The file has no header row.',
  NOT_CSV: 'The file’s first lines are not readable as CSV.',
  NAME_TAKEN: 'The name is already used in the company (any case).',
  EMAIL_TAKEN: 'An account with this email already exists.',
  STALE_BOOKING: 'Someone changed the booking meanwhile: `current` is the booking now; check it and send again.',
  BOOKING_CANCELLED: 'The booking was cancelled and can no longer be changed.',
  CHECK_IN_CONFLICT:
    'Another device changed a customer type since `base`: its count is kept. `current` is the booking now and ' +
    '`conflicts` gives, per type, the base, yours, theirs, and who checked in last and when.',
  IDEMPOTENCY_IN_FLIGHT: 'A request with this `Idempotency-Key` is still running: retry it in a moment.',
  IDEMPOTENCY_KEY_REUSED: 'This `Idempotency-Key` came with another request body (keys are kept 30 days).',
  COUNTS_BELOW_CHECKED_IN: 'Fewer guests of a type than already checked in: check-ins are never lost.',
  CANCELLED: 'A cancelled booking is not reopened.',
  CANCEL_CHECKED_IN:
    'Guests of the booking are checked in: a channel does not cancel it (a Manager sees the refusal listed).',
  MOVE_CHECKED_IN:
    'Guests of the booking are checked in: a channel does not move it to another date, time or tour (a Manager ' +
    'sees the refusal listed).',
  OVER_CAPACITY:
    'The booking would take more seats than its departure has left: `details` gives `seatsLeft` and `capacity`. ' +
    'A Manager may send `allowOverCapacity: true` to book anyway.',
  NO_DEPARTURE: 'The tour’s timetable has no departure at that date and time.',
  IMPORT_CHANGED_SINCE:
    'A booking of the import was checked in or changed since it was imported: `details` says how many, and which.',
  IMPORT_UNDO_EXPIRED: 'The import ended more than 24 hours ago: it can no longer be undone.',
  IMPORT_ALREADY_UNDONE: 'The import was undone already.',
  IMPORT_NOT_UNDOABLE: 'The import was made before imports could be undone.',
  IMPORT_RUNNING: 'The import is still reading its file: undo it once it has ended.',
  DEPARTURE_PAST: 'The departure has already started: a channel cannot book or move a booking onto it.',
  RATE_LIMITED: 'Too many calls: wait for `Retry-After` seconds.',
  LIVE_STREAM_LIMIT:
    'Too many live streams open for this member, company or address: retry after `Retry-After` seconds (a tab ' +
    'keeps one stream).',
  API_KEY_NO_SOURCES:
    'The API key was made before keys had sources and its name is no source’s: it is refused until a Manager picks ' +
    'its sources (Settings › Channel API keys).',
  API_KEY_SOURCES_SET: 'The key has its sources already; they stay as chosen. Make a new key for other sources.',
  EXPORT_LIMIT: 'Too many CSV downloads of the company at once: retry after `Retry-After` seconds.',
  IMPORT_LIMIT: 'Too many CSV previews and imports of the company at once: retry after `Retry-After` seconds.',
  INTERNAL: 'Something failed on the server (nothing of it is in the answer); the change, if any, was not made.',
  UNAVAILABLE: 'The server is busy (no database connection free): retry after `Retry-After` seconds.',
  NOT_READY:
    '`GET /readyz` only (answered 503): the database is unreachable, its migrations are behind this build, or the ' +
    'live updates lost their `LISTEN` connection; `checks` names which.',
} as const;
export type ErrorCode = keyof typeof ERROR_CODES;

type ErrorStatus = 400 | 401 | 403 | 404 | 409 | 413 | 415 | 422 | 429;
/** The codes a route answers, per status. */
export type ErrorCodes = Partial<Record<ErrorStatus, readonly ErrorCode[]>>;

/** Any signed-in member's route. */
export const MEMBER = { 401: ['UNAUTHORIZED', 'API_KEY_NOT_ACCEPTED'] } as const satisfies ErrorCodes;
/** A Manager's route: a Guide is refused. */
export const MANAGER = { ...MEMBER, 403: ['FORBIDDEN'] } as const satisfies ErrorCodes;
/** A channel's route, with an API key. */
export const CHANNEL = {
  401: ['UNAUTHORIZED'],
  403: ['API_KEY_NO_SOURCES'],
  429: ['RATE_LIMITED'],
} as const satisfies ErrorCodes;
/** Path parameters, a query or headers that are checked. */
export const INPUT = { 400: ['VALIDATION'] } as const satisfies ErrorCodes;
/** A JSON body. */
export const JSON_BODY = {
  400: ['VALIDATION', 'FST_ERR_CTP_INVALID_JSON_BODY', 'FST_ERR_CTP_EMPTY_JSON_BODY'],
  413: ['FST_ERR_CTP_BODY_TOO_LARGE'],
  415: ['FST_ERR_CTP_INVALID_MEDIA_TYPE'],
} as const satisfies ErrorCodes;

/** The statuses the groups name, each group's own keys: a route's answer types stay exact. */
type StatusOf<G extends readonly ErrorCodes[]> = G[number] extends infer Group
  ? Group extends unknown
    ? keyof Group & ErrorStatus
    : never
  : never;
/** Keyed as a route's `response` is written (`"400"`), which Fastify's reply types read as an object literal's. */
type ErrorAnswers<G extends readonly ErrorCodes[]> = { [S in StatusOf<G> as `${S}`]: typeof errorBodySchema };

const documented = new WeakMap<z.ZodType, readonly ErrorCode[]>();

/** An error answer: the `{ error, code }` body (or one that extends it), described by the codes it carries. */
export function errorResponse<T extends z.ZodObject>(codes: readonly ErrorCode[], body?: T): T {
  const schema = (body ?? errorBodySchema).describe(
    codes.map((code) => `\`${code}\`: ${ERROR_CODES[code]}`).join('\n\n'),
  ) as T;
  documented.set(schema, codes);
  return schema;
}

/** A route's error answers from the groups above and its own codes, merged per status. */
export function errors<const G extends readonly ErrorCodes[]>(...groups: G): ErrorAnswers<G> {
  const merged = new Map<ErrorStatus, Set<ErrorCode>>();
  for (const group of groups) {
    for (const [status, codes] of Object.entries(group) as Array<[`${ErrorStatus}`, readonly ErrorCode[]]>) {
      const key = Number(status) as ErrorStatus;
      merged.set(key, new Set([...(merged.get(key) ?? []), ...codes]));
    }
  }
  return Object.fromEntries(
    [...merged].map(([status, codes]) => [status, errorResponse([...codes])]),
  ) as ErrorAnswers<G>;
}

/** The codes an error answer's schema lists (undefined for a schema `errorResponse` did not make). */
export function documentedCodes(schema: z.ZodType): readonly ErrorCode[] | undefined {
  return documented.get(schema);
}
