import fc from 'fast-check';
import { z } from 'zod';
import type { RouteEntry } from '../../server/app';
import { responseSerializerCompiler } from '../../server/lib/responseSerializer';
import { declaredResponses } from './declaredResponses';
import { DB_KINDS, createTestApp, type TestApp } from './helpers';
import { zodArbitrary, type Hint, type Path } from './zodArbitrary';

/** Generated values per declared status of every route. FUZZ_RUNS=500 hunts longer. */
const NUM_RUNS = Number(process.env.FUZZ_RUNS ?? 30);

type Serialize = (data: unknown) => string;
type Outcome = { ok: true; json: unknown } | { ok: false; error: string };

type Def = { innerType?: z.ZodType; checks?: Array<{ _zod: { def: { check: string } } }> };
/** Refined itself or under a wrapper (`.optional()`, `.nullable()`, …). */
const refined = (schema: z.ZodType): boolean => {
  const def = schema._zod.def as Def;
  if (def.innerType) return refined(def.innerType);
  return (def.checks ?? []).some((c) => c._zod.def.check === 'custom');
};
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
  declaredResponses(route).map(({ status, mediaType, schema }) => ({
    status: mediaType ? `${status} ${mediaType}` : status,
    schema,
    serialize: responseSerializerCompiler({
      schema,
      method: route.method,
      url: route.url,
      httpStatus: status,
      contentType: mediaType,
    }) as Serialize,
  }));

describe('the response serializer on every declared response', () => {
  let t: TestApp;
  let routes: RouteEntry[];
  beforeAll(async () => {
    t = await createTestApp(DB_KINDS[0]!);
    routes = [...t.app.routeTable].filter((route) => route.schema?.response);
  });
  afterAll(async () => {
    await t?.close();
  });

  it('answers generated valid values exactly as zod’s encode does (no response schema transforms), on every route and status', () => {
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
