// Requests for the fuzz suite, built from a route's zod schemas, and the checks on their answers.
import fc from 'fast-check';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import type { z } from 'zod';
import type { RouteEntry } from '../../server/app';
import { documentedCodes, type ErrorCode } from '../../server/lib/errorResponses';
import { DAY_PATTERN, TIME_PATTERN } from '../../src/domain/dates';
import { declaredSchema } from './declaredResponses';
import { TOURS } from './fixtures';
import { bearer } from './helpers';
import { schemaAt, stringPatterns, zodArbitrary, type Hint, type Path } from './zodArbitrary';

export const JSON_TYPE = 'application/json';

const ABSURD = {
  day: ['0000-00-00', '2026-02-30', '2025-02-29', '99999-01-01', '0000-01-01', '2026-13-01', '2026-6-1'],
  time: ['24:00', '7:5', '12:60', '23:59:60', '-1:00', '99:99'],
  count: [-1, 1e9, 2 ** 53, 1.5, 'NaN', '3', null],
  pageSize: [0, 101, 1e9, -1, 1.5, 'NaN', ''],
  page: [-1, 1e9, 1.5, 'NaN', 'Infinity'],
} as const;
type AbsurdKind = 'day' | 'time' | 'counts' | 'pax' | 'pageSize' | 'page' | 'slotKey';

/** A request as generated: path params, query string and JSON body. */
export interface Input {
  params: Record<string, unknown>;
  query: Record<string, unknown>;
  body?: unknown;
}

const PARTS = [
  ['params', 'params'],
  ['query', 'querystring'],
  ['body', 'body'],
] as const;

export function schemaOf(route: RouteEntry, part: 'params' | 'querystring' | 'body'): z.ZodType | undefined {
  return (route.schema as Record<string, z.ZodType | undefined> | undefined)?.[part];
}

export function inputArbitrary(route: RouteEntry, hint: Hint): fc.Arbitrary<Input> {
  const part = (key: 'params' | 'querystring' | 'body', empty: unknown) => {
    const schema = schemaOf(route, key);
    return schema ? zodArbitrary(schema, hint) : fc.constant(empty);
  };
  return fc
    .record({ params: part('params', {}), query: part('querystring', {}), body: part('body', undefined) })
    .map((input) => input as Input)
    .filter((input) => Object.values(input.params).every((v) => travelsInPath(String(v))));
}

export function accepts(route: RouteEntry, input: Input): boolean {
  return PARTS.every(([key, part]) => schemaOf(route, part)?.safeParse(input[key]).success ?? true);
}

/** URLs drop empty, "." and ".." segments (even percent-encoded), so such a value never reaches its route. */
export const travelsInPath = (value: string): boolean => !['', '.', '..'].includes(value);

/** Every byte outside [A-Za-z0-9_~-] percent-encoded: dots and slashes stay inside their path segment. */
function encodeSegment(value: string): string {
  return [...Buffer.from(value, 'utf8')]
    .map((b) =>
      /[A-Za-z0-9_~-]/.test(String.fromCharCode(b)) ? String.fromCharCode(b) : `%${b.toString(16).padStart(2, '0')}`,
    )
    .join('');
}

export function sendInput(
  app: FastifyInstance,
  token: string,
  route: RouteEntry,
  input: Input,
  payload: unknown = input.body,
  type = JSON_TYPE,
) {
  const url = route.url.replace(/:(\w+)/g, (_, name: string) => encodeSegment(String(input.params[name])));
  const query = Object.fromEntries(
    Object.entries(input.query)
      .filter(([, v]) => v !== undefined)
      .map(([k, v]) => [k, String(v)]),
  );
  return app.inject({
    method: route.method as 'GET',
    url,
    query,
    // A public route takes no token; sent to sign-out, it would end the session the other calls use.
    headers: {
      ...(route.public ? {} : bearer(token)),
      ...(typeof payload === 'string' ? { 'content-type': type } : {}),
    },
    ...(payload === undefined ? {} : { payload: payload as string }),
  });
}

/** Why a response breaks the contract: a 5xx, an undeclared status, or a body its declared schema refuses. */
export function responseProblem(route: RouteEntry, res: LightMyRequestResponse): string | undefined {
  const where = `${route.method} ${route.url} → ${res.statusCode}`;
  if (res.statusCode >= 500) return `${where}: ${res.body}`;
  const contentType = String(res.headers['content-type'] ?? '');
  const declared = declaredSchema(route, res.statusCode, contentType);
  if (!declared) return `${where}: no response schema declared for this status (${res.body.slice(0, 200)})`;
  const json = contentType.includes('application/json');
  const body = res.body === '' ? null : json ? JSON.parse(res.body) : res.body;
  const parsed = declared.safeParse(body);
  if (!parsed.success) return `${where}: body does not match the declared schema: ${parsed.error.message}`;
  // The API document lists each status's codes (server/lib/errorResponses.ts): an answer must carry one of them.
  const codes = documentedCodes(declared);
  const code = (body as { code?: unknown } | null)?.code;
  if (codes && !codes.includes(code as ErrorCode)) return `${where}: code ${String(code)} is not documented (${codes})`;
  return undefined;
}

export function stringSlots(value: unknown, path: Path = []): Path[] {
  if (typeof value === 'string') return [path];
  if (Array.isArray(value)) return value.flatMap((v, i) => stringSlots(v, [...path, i]));
  if (value && typeof value === 'object')
    return Object.entries(value).flatMap(([k, v]) => stringSlots(v, [...path, k]));
  return [];
}

export function setAt<T>(root: T, path: Path, value: unknown): T {
  const copy = structuredClone(root) as Record<string | number, unknown>;
  let node = copy;
  for (const key of path.slice(0, -1)) node = node[key] as Record<string | number, unknown>;
  node[path.at(-1)!] = value;
  return copy as T;
}

export function has(root: unknown, path: Path): boolean {
  let node = root as Record<string | number, unknown> | undefined;
  for (const key of path) {
    if (!node || typeof node !== 'object' || !(key in node)) return false;
    node = node[key] as Record<string | number, unknown> | undefined;
  }
  return true;
}

const patternOf = (schema: z.ZodType | undefined) => (schema ? stringPatterns(schema).map((p) => p.source) : []);

/** What kind of range-checked value sits at `path` of a route's input, judged from its schema. */
export function absurdKind(route: RouteEntry, path: Path): AbsurdKind | undefined {
  const [root, ...rest] = path;
  const part = PARTS.find(([key]) => key === root)?.[1];
  const whole = part && schemaOf(route, part);
  const schema = whole && schemaAt(whole, rest);
  const key = String(rest.at(-1));
  if (patternOf(schema).includes(DAY_PATTERN.source)) return 'day';
  if (patternOf(schema).includes(TIME_PATTERN.source)) return 'time';
  if (root === 'query' && (key === 'page' || key === 'pageSize')) return key;
  if (key === 'uniqueId' || key === 'shiftString') return 'slotKey';
  const type = schema && (schema as unknown as { _zod: { def: { type: string } } })._zod.def.type;
  if (key === 'pax' && type === 'number') return 'pax';
  if ((key === 'customers' || key === 'attendees') && type === 'array') return 'counts';
  return undefined;
}

/** Every place in a route's input that `absurdKind` knows, found by walking its schemas. */
export function absurdSlots(route: RouteEntry): Array<{ path: Path; kind: AbsurdKind }> {
  const found: Array<{ path: Path; kind: AbsurdKind }> = [];
  const walk = (schema: z.ZodType | undefined, path: Path) => {
    if (!schema) return;
    const kind = path.length > 1 ? absurdKind(route, path) : undefined;
    if (kind) return void found.push({ path, kind });
    const def = (schema as unknown as { _zod: { def: { type: string; shape?: object; element?: z.ZodType } } })._zod
      .def;
    if (def.type === 'object')
      for (const key of Object.keys(def.shape ?? {})) walk(schemaAt(schema, [key]), [...path, key]);
    if (def.type === 'array') walk(schemaAt(schema, [0]), [...path, 0]);
  };
  for (const [key, part] of PARTS) walk(schemaOf(route, part) && schemaAt(schemaOf(route, part)!, []), [key]);
  return found;
}

export function absurdValues(kind: AbsurdKind): unknown[] {
  switch (kind) {
    case 'counts':
      return ABSURD.count.flatMap((n) => [[{ Adults: n }], [{ Children: n }]]);
    case 'pax':
      return [...ABSURD.count];
    case 'slotKey':
      return [
        ...ABSURD.day.map((day) => `${day}-10:00-${TOURS[0]}`),
        ...ABSURD.time.map((time) => `2026-06-10-${time}-${TOURS[0]}`),
      ];
    default:
      return [...ABSURD[kind]];
  }
}
