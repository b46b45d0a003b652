import { getTableName, is } from 'drizzle-orm';
import { PgTable, getTableConfig } from 'drizzle-orm/pg-core';
import { v7 as uuidv7 } from 'uuid';
import type { z } from 'zod';
import type { RouteEntry } from '../../server/app';
import * as schema from '../../server/db/schema';
import { createCompany, type CompanyFixture } from './fixtures';
import { authFor, describeEachDb, type TestApp } from './helpers';
import { allRows, buildRequest, companyRows, routeKey, seedTarget, tokenAfter, type Target } from './routeFillers';

const WRITE_METHODS = ['POST', 'PUT', 'PATCH', 'DELETE'];
const EVIL_ID = uuidv7();
const EVIL_DATE = '2001-01-01T00:00:00.000Z';

/** What an attacker adds to a body; `company` and `companyId` name a third company, C, filled in at run time. */
function extrasFor(c: CompanyFixture): Record<string, unknown> {
  return {
    company: c.companyId,
    companyId: c.companyId,
    role: 'Manager',
    _id: EVIL_ID,
    id: EVIL_ID,
    userId: EVIL_ID,
    modifiedBy: 'mallory@evil.test',
    updatedBy: 'mallory@evil.test',
    differences: 'mallory was here',
    bookingId: 'EVIL-REF',
    createdAt: EVIL_DATE,
    updatedAt: EVIL_DATE,
    deletedAt: EVIL_DATE,
    version: 999,
    pax: 99,
    passwordHash: 'evil-hash',
    assignable: true,
  };
}

type Def = {
  type: string;
  shape?: Record<string, z.ZodType>;
  innerType?: z.ZodType;
  in?: z.ZodType;
  element?: z.ZodType;
};
const defOf = (s: unknown): Def => (s as { _zod: { def: Def } })._zod.def;
const WRAPPERS = ['optional', 'nullable', 'default', 'prefault', 'readonly', 'nonoptional', 'catch', 'pipe'];

function unwrap(s: z.ZodType): z.ZodType {
  let current = s;
  for (let d = defOf(current); WRAPPERS.includes(d.type); d = defOf(current)) {
    current = (d.innerType ?? d.in) as z.ZodType;
  }
  return current;
}

/** A field the route types is its own input (e.g. the edit's `version`); an `unknown` one is declared only to be ignored. */
function ownField(object: z.ZodType, key: string): boolean {
  const field = defOf(unwrap(object)).shape?.[key];
  return field !== undefined && defOf(unwrap(field)).type !== 'unknown';
}

/**
 * The body with extras added: `top` to the top object, `nested` to every object inside it, `declared` to any object
 * whose schema declares the key without it being the route's own input (the spec client's `company`, `modifiedBy`,
 * `pax`, …), which a strict schema lets through and the server must then ignore. `added` counts the objects.
 */
function withExtras(
  body: unknown,
  bodySchema: z.ZodType,
  extras: Record<string, unknown>,
  where: 'top' | 'nested' | 'declared',
) {
  let added = 0;
  const visit = (value: unknown, s: z.ZodType, top: boolean): unknown => {
    const d = defOf(unwrap(s));
    if (Array.isArray(value) && d.type === 'array') return value.map((v) => visit(v, d.element as z.ZodType, false));
    if (typeof value !== 'object' || value === null || d.type !== 'object') return value;
    const out: Record<string, unknown> = {};
    for (const [key, v] of Object.entries(value)) out[key] = d.shape?.[key] ? visit(v, d.shape[key], false) : v;
    const keys = Object.keys(extras).filter((key) => !(key in out && ownField(s, key)));
    const chosen = where === 'declared' ? keys.filter((key) => d.shape?.[key]) : top === (where === 'top') ? keys : [];
    if (chosen.length > 0) added += 1;
    for (const key of chosen) out[key] = extras[key];
    return out;
  };
  return { payload: visit(body, bodySchema, true) as Record<string, unknown>, added };
}

type Rows = Record<string, Map<string, Record<string, unknown>>>;

/** Every row of every table keyed by its primary key, to tell new and changed rows from untouched ones. */
async function keyedRows(t: TestApp): Promise<Rows> {
  const tables = (Object.values(schema) as unknown[]).filter((v): v is PgTable => is(v, PgTable));
  const raw = await allRows(t.db);
  const out: Rows = {};
  for (const table of tables) {
    const config = getTableConfig(table);
    const keyColumns = config.primaryKeys[0]?.columns ?? config.columns.filter((c) => c.primary);
    const byName = Object.entries(table as unknown as Record<string, { name?: string }>);
    const props = keyColumns.map((col) => byName.find(([, v]) => v === col)?.[0] as string);
    out[getTableName(table)] = new Map(
      (raw[getTableName(table)] ?? []).map((row) => [props.map((p) => String(row[p])).join('|'), row]),
    );
  }
  return out;
}

interface Touched {
  table: string;
  row: Record<string, unknown>;
  before?: Record<string, unknown>;
}

function touchedRows(before: Rows, after: Rows): Touched[] {
  const out: Touched[] = [];
  for (const [table, rows] of Object.entries(after)) {
    for (const [key, row] of rows) {
      const old = before[table]?.get(key);
      if (!old || JSON.stringify(old) !== JSON.stringify(row)) out.push({ table, row, before: old });
    }
  }
  return out;
}

describeEachDb('mass assignment, generated from the route table', (ctx) => {
  let a: Target;
  let c: CompanyFixture;
  let extras: Record<string, unknown>;
  /** A's Manager's token, renewed after the password change as the client does. */
  let token: string;

  /** Sends a request as A's Manager (or anonymously on a public route), following a renewed session. */
  async function send(route: RouteEntry, request: Awaited<ReturnType<typeof buildRequest>>) {
    const t = ctx();
    const res = await t.app.inject({
      ...request,
      headers: { ...request.headers, ...(route.public ? {} : authFor(route, token, a.company.apiKey)) },
    });
    if (!route.public && route.access !== 'channel') token = await tokenAfter(t.app, res, token);
    return res;
  }

  beforeAll(async () => {
    const t = ctx();
    a = await seedTarget(t.app, t.db);
    c = await createCompany(t.app, t.db);
    extras = extrasFor(c);
    token = a.company.manager.token;
  });

  const writeRoutes = (): RouteEntry[] =>
    ctx().app.routeTable.filter((r) => WRITE_METHODS.includes(r.method) && (r.schema as { body?: unknown })?.body);

  /** What the injected values would look like stored: none of them may appear in a row the request wrote. */
  function storedExtras(touched: Touched[], newUsersLike: Record<string, unknown> | undefined): string[] {
    const injectedText = [EVIL_ID, c.companyId, 'mallory@evil.test', 'mallory was here', 'EVIL-REF', 'evil-hash'];
    const found: string[] = [];
    for (const { table, row, before } of touched) {
      for (const [column, value] of Object.entries(row)) {
        const where = `${table}.${column}`;
        if (typeof value === 'string' && injectedText.includes(value)) found.push(`${where} = ${value}`);
        if (value instanceof Date && value.toISOString() === EVIL_DATE) found.push(`${where} = ${EVIL_DATE}`);
        if ((column === 'version' && value === 999) || (column === 'pax' && value === 99)) {
          found.push(`${where} = ${String(value)}`);
        }
      }
      if (table !== 'users') continue;
      // An existing member keeps role and flag; a new one gets what the same request without extras gives.
      const expected = before ?? newUsersLike;
      for (const column of ['role', 'assignable']) {
        if (expected && row[column] !== expected[column]) found.push(`users.${column} = ${String(row[column])}`);
      }
      if (!expected) found.push('users: a member was created that the clean request does not create');
    }
    return found;
  }

  it('covers every write route with a body, and each one accepts its clean filled body', async () => {
    const routes = writeRoutes();
    expect(routes.length).toBeGreaterThanOrEqual(14);
    const failures: string[] = [];
    for (const route of routes) {
      try {
        const res = await send(route, await buildRequest(route, a));
        if (res.statusCode >= 300) failures.push(`${routeKey(route)}: answered ${res.statusCode} ${res.body}`);
      } catch (err) {
        failures.push((err as Error).message);
      }
    }
    expect(failures).toEqual([]);
  });

  it.each(['top', 'nested', 'declared'] as const)(
    'refuses with 400 or ignores extra fields (%s) in every write body, storing none of them',
    async (where) => {
      const t = ctx();
      const failures: string[] = [];
      for (const route of writeRoutes()) {
        const bodySchema = (route.schema as { body: z.ZodType }).body;
        if (withExtras((await buildRequest(route, a)).payload, bodySchema, extras, where).added === 0) continue;
        // The member a clean request creates, for comparison (signup makes a Manager, adding a guide a Guide).
        const cleanBefore = await keyedRows(t);
        await send(route, await buildRequest(route, a));
        const cleanUser = touchedRows(cleanBefore, await keyedRows(t)).find((x) => x.table === 'users' && !x.before);

        const request = await buildRequest(route, a);
        const { payload } = withExtras(request.payload, bodySchema, extras, where);
        const before = await keyedRows(t);
        const cBefore = await companyRows(t.db, c.companyId);
        const res = await send(route, { ...request, payload });
        const touched = touchedRows(before, await keyedRows(t));
        const problems: string[] = [];
        if (res.statusCode === 400 && where === 'declared') {
          problems.push(`refused fields its schema declares: ${res.body}`);
        } else if (res.statusCode === 400) {
          if (touched.length > 0) problems.push(`answered 400 but wrote ${touched.map((x) => x.table).join(', ')}`);
        } else if (res.statusCode >= 300) {
          problems.push(`answered ${res.statusCode} ${res.body}`);
        }
        problems.push(...storedExtras(touched, cleanUser?.row));
        if (JSON.stringify(cBefore) !== JSON.stringify(await companyRows(t.db, c.companyId))) {
          problems.push('changed company C, named only in the extras');
        }
        for (const text of [EVIL_ID, c.companyId, 'mallory', 'evil-hash']) {
          if (res.body.includes(text)) problems.push(`answered the injected ${text}`);
        }
        if (problems.length > 0) failures.push(`${routeKey(route)}: ${problems.join('; ')}`);
      }
      expect(failures).toEqual([]);
    },
  );
});
