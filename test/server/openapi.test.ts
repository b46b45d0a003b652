import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { compileErrors, validate } from '@readme/openapi-parser';
import type { OpenAPIV3_1 } from 'openapi-types';
import { version } from '../../package.json';
import type { RouteEntry } from '../../server/app';
import { ERROR_CODES } from '../../server/lib/errorResponses';
import { removeDir } from './dbTemplate';
import { DB_KINDS, createTestApp, type TestApp } from './helpers';

type Document = OpenAPIV3_1.Document;
type Operation = OpenAPIV3_1.OperationObject;
type Schema = OpenAPIV3_1.SchemaObject;

/** Fastify's `/api/bookings/:id` is OpenAPI's `/api/bookings/{id}`. */
const openApiPath = (url: string) => url.replace(/:(\w+)/g, '{$1}');
const routeKey = (route: Pick<RouteEntry, 'method' | 'url'>) => `${route.method} ${openApiPath(route.url)}`;

function operations(doc: Document): Array<{ key: string; operation: Operation }> {
  return Object.entries(doc.paths ?? {}).flatMap(([path, item]) =>
    Object.entries(item ?? {})
      .filter(([method]) => ['get', 'put', 'post', 'delete', 'options', 'head', 'patch', 'trace'].includes(method))
      .map(([method, operation]) => ({ key: `${method.toUpperCase()} ${path}`, operation: operation as Operation })),
  );
}

function operation(doc: Document, method: string, path: string): Operation {
  const found = doc.paths?.[path]?.[method.toLowerCase() as OpenAPIV3_1.HttpMethods];
  if (!found) throw new Error(`${method} ${path} is not in the document`);
  return found;
}

const jsonSchemaOf = (body: OpenAPIV3_1.RequestBodyObject | OpenAPIV3_1.ResponseObject | undefined) =>
  body?.content?.['application/json']?.schema as Schema | undefined;

describe('the OpenAPI document at /api/docs/json', () => {
  let t: TestApp;
  let doc: Document;
  beforeAll(async () => {
    t = await createTestApp(DB_KINDS[0]!);
    const res = await t.app.inject({ method: 'GET', url: '/api/docs/json' });
    expect(res.statusCode).toBe(200);
    doc = res.json<Document>();
  });
  afterAll(async () => {
    await t?.close();
  });

  it('is OpenAPI 3.1 for the Tourdesk API at the package’s version', () => {
    expect(doc.openapi).toBe('3.1.0');
    expect(doc.info).toMatchObject({ title: 'Tourdesk API', version });
  });

  it('documents every route the server registers, and nothing else', () => {
    const routes = t.app.routeTable.map(routeKey).sort();
    expect(routes.length).toBeGreaterThanOrEqual(30);
    const documented = operations(doc)
      .map(({ key }) => key)
      .sort();
    expect(routes.filter((key) => !documented.includes(key))).toEqual([]);
    expect(documented).toEqual(routes);
  });

  it('validates against the OpenAPI 3.1 schema', async () => {
    // The parser dereferences what it is given: a copy keeps `doc` as served.
    const result = await validate(structuredClone(doc));
    if (!result.valid) throw new Error(compileErrors(result));
    expect(result.specification).toBe('OpenAPI');
  });

  it('files every route under one of the declared tags (add `tags` to a new route’s schema)', () => {
    const tags = new Set((doc.tags ?? []).map((tag) => tag.name));
    const untagged = operations(doc)
      .filter(({ operation }) => !operation.tags?.length || !operation.tags.every((tag) => tags.has(tag)))
      .map(({ key }) => key);
    expect(untagged).toEqual([]);
  });

  it('asks for a bearer on every route but the public ones', () => {
    const schemes = doc.components?.securitySchemes ?? {};
    expect(schemes.accessToken).toMatchObject({ type: 'http', scheme: 'bearer' });
    const problems = t.app.routeTable.flatMap((route) => {
      const { security } = operation(doc, route.method, openApiPath(route.url));
      const named = (security ?? []).flatMap((requirement) => Object.keys(requirement));
      if (route.public) return named.length === 0 ? [] : [`${routeKey(route)} is public but asks for ${named}`];
      if (named.length === 0) return [`${routeKey(route)} (${route.access}) names no security scheme`];
      return named.filter((name) => !(name in schemes)).map((name) => `${routeKey(route)}: unknown scheme ${name}`);
    });
    expect(problems).toEqual([]);
  });

  it('gives every operation a summary, a unique operationId and its error answers, each naming its codes', () => {
    const ids = operations(doc).map(({ operation }) => operation.operationId);
    expect(ids.filter((id, i) => ids.indexOf(id) !== i)).toEqual([]);
    const problems = t.app.routeTable.flatMap((route) => {
      const key = routeKey(route);
      const op = operation(doc, route.method, openApiPath(route.url));
      const responses = (op.responses ?? {}) as Record<string, OpenAPIV3_1.ResponseObject>;
      const schema = (route.schema ?? {}) as Record<string, unknown>;
      const due = [
        '5XX',
        ...(route.public ? [] : ['401']),
        ...(route.access === 'manager' ? ['403'] : []),
        ...(['params', 'querystring', 'headers', 'body'].some((part) => schema[part]) ? ['400'] : []),
        ...(schema.body ? ['413', '415'] : []),
      ];
      const found: string[] = [];
      if (!op.summary?.trim()) found.push(`${key}: no summary`);
      if (!op.operationId) found.push(`${key}: no operationId`);
      for (const status of due.filter((s) => !(s in responses))) found.push(`${key}: no ${status} answer`);
      for (const [status, answer] of Object.entries(responses).filter(([s]) => !/^[23]/.test(s))) {
        const codes = [...(answer.description ?? '').matchAll(/^`([A-Z_]+)`: /gm)].map((m) => m[1]!);
        if (codes.length === 0) found.push(`${key} ${status}: names no code`);
        found.push(...codes.filter((code) => !(code in ERROR_CODES)).map((code) => `${key} ${status}: ${code}?`));
        const body = jsonSchemaOf(answer);
        if (!body?.required?.includes('code')) found.push(`${key} ${status}: not the { error, code } body`);
      }
      return found;
    });
    expect(problems).toEqual([]);
  });

  it('says that public operations need no credentials (security: [])', () => {
    const publicOps = t.app.routeTable.filter((route) => route.public);
    expect(publicOps.map(routeKey).sort()).toEqual([
      'GET /auth/refresh',
      'POST /api/user/signup',
      'POST /auth',
      'POST /auth/logout',
    ]);
    for (const route of publicOps) {
      expect([routeKey(route), operation(doc, route.method, openApiPath(route.url)).security]).toEqual([
        routeKey(route),
        [],
      ]);
    }
  });

  it('tells a client what it must know: retries, the refresh cookie, the channel cursor, the name lists', () => {
    const parameter = (op: Operation, name: string) =>
      ((op.parameters ?? []) as OpenAPIV3_1.ParameterObject[]).find((p) => p.name === name);
    const checkIn = operation(doc, 'PATCH', '/api/bookings/{id}');
    expect(parameter(checkIn, 'idempotency-key')?.description).toMatch(/applies once.*IDEMPOTENCY_KEY_REUSED/s);
    const checkInBody = jsonSchemaOf(checkIn.requestBody as OpenAPIV3_1.RequestBodyObject)?.properties ?? {};
    expect((checkInBody.base as Schema).description).toMatch(/counts the device saw/);
    expect((checkInBody.madeAt as Schema).description).toMatch(/lock/);
    expect(checkIn.description).toMatch(/Idempotency-Key.*base.*madeAt/s);

    for (const path of ['/auth/refresh', '/auth/logout']) {
      const method = path === '/auth/refresh' ? 'GET' : 'POST';
      expect(operation(doc, method, path).description).toContain('cookie `tourdesk_refresh`');
    }
    expect(operation(doc, 'POST', '/auth/logout').description).toMatch(/Authorization: Bearer/);

    const changes = operation(doc, 'GET', '/api/v1/bookings');
    expect(changes.description).toMatch(/30 seconds old/);
    expect(parameter(changes, 'since')?.description).toMatch(/since/);
    expect(parameter(changes, 'after')?.description).toMatch(/`next`/);

    const report = operation(doc, 'GET', '/api/bookings/reports/{field}/{startDate}/{endDate}/{sources}/{tours}');
    for (const name of ['sources', 'tours']) expect(parameter(report, name)?.description).toContain('"~d"');
    expect(doc.info.description).toMatch(/Idempotency-Key/);
  });

  it('documents scanning: the booking’s reference in every view of it, the lookup and the QR code’s SVG', () => {
    const resolved = (schema: Schema | OpenAPIV3_1.ReferenceObject | undefined): Schema | undefined => {
      if (!schema || !('$ref' in schema)) return schema;
      const name = schema.$ref.split('/').at(-1) as string;
      return resolved(doc.components?.schemas?.[name]);
    };
    const answer = (method: string, path: string, status: string) =>
      resolved(jsonSchemaOf(operation(doc, method, path).responses?.[status] as OpenAPIV3_1.ResponseObject));
    const channelView = answer('PUT', '/api/v1/bookings/{source}/{externalId}', '201');
    expect(Object.keys(channelView?.properties ?? {})).toContain('reference');
    const added = answer('POST', '/api/bookings/add-booking', '201');
    expect(Object.keys(added?.properties ?? {})).toContain('reference');
    const lookup = operation(doc, 'GET', '/api/bookings/lookup');
    const code = ((lookup.parameters ?? []) as OpenAPIV3_1.ParameterObject[]).find((p) => p.name === 'code');
    expect(code).toMatchObject({ in: 'query', required: true });
    expect(Object.keys(lookup.responses ?? {})).toEqual(expect.arrayContaining(['200', '400', '403', '404']));
    const svg = operation(doc, 'GET', '/api/bookings/{id}/code.svg').responses?.['200'] as OpenAPIV3_1.ResponseObject;
    expect(Object.keys(svg.content ?? {})).toEqual(['image/svg+xml']);
  });

  it('takes bodies, parameters and responses from the zod schemas (the check-in)', () => {
    const checkIn = operation(doc, 'PATCH', '/api/bookings/{id}');
    const body = jsonSchemaOf(checkIn.requestBody as OpenAPIV3_1.RequestBodyObject);
    expect(Object.keys(body?.properties ?? {})).toEqual(expect.arrayContaining(['attendees']));
    const parameters = (checkIn.parameters ?? []) as OpenAPIV3_1.ParameterObject[];
    expect(parameters).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ in: 'path', name: 'id', required: true }),
        expect.objectContaining({ in: 'header', name: 'idempotency-key' }),
      ]),
    );
    const responses = checkIn.responses as Record<string, OpenAPIV3_1.ResponseObject>;
    expect(Object.keys(responses)).toEqual(expect.arrayContaining(['200', '400', '401', '403', '404', '409']));
    expect(Object.keys(jsonSchemaOf(responses['200'])?.properties ?? {})).toEqual(
      expect.arrayContaining(['_id', 'attendees']),
    );
  });

  it("documents the members' languages: one's own change, signup's and the company's default", () => {
    const me = operation(doc, 'PATCH', '/api/user/me');
    expect(me.tags).toEqual(['Users']);
    expect(me.description).toMatch(/own record/);
    const body = jsonSchemaOf(me.requestBody as OpenAPIV3_1.RequestBodyObject);
    expect(body?.required).toEqual(['language']);
    expect((body?.properties?.language as Schema).enum).toEqual(['en', 'es']);
    const answer = jsonSchemaOf((me.responses as Record<string, OpenAPIV3_1.ResponseObject>)['200']);
    const user = answer?.properties?.user as Schema;
    expect(user.required).toEqual(expect.arrayContaining(['language', 'token', 'company']));
    const signup = jsonSchemaOf(
      operation(doc, 'POST', '/api/user/signup').requestBody as OpenAPIV3_1.RequestBodyObject,
    );
    expect((signup?.properties?.language as Schema).description).toMatch(/defaultLanguage/);
    const company = jsonSchemaOf(
      (operation(doc, 'GET', '/api/company').responses as Record<string, OpenAPIV3_1.ResponseObject>)['200'],
    );
    expect(company?.required).toContain('defaultLanguage');
  });

  it('describes the streams by their content type: the live events and the CSV download', () => {
    const live = operation(doc, 'GET', '/api/events').responses?.['200'] as OpenAPIV3_1.ResponseObject;
    expect(Object.keys(live.content ?? {})).toEqual(['text/event-stream']);
    expect(live.description).toMatch(/server-sent events/i);
    const report = operation(doc, 'GET', '/api/bookings/reports/{field}/{startDate}/{endDate}/{sources}/{tours}')
      .responses?.['200'] as OpenAPIV3_1.ResponseObject;
    expect(Object.keys(report.content ?? {}).sort()).toEqual(['application/json', 'text/csv']);
    expect(report.description).toMatch(/CSV/);
  });
});

describe('the documentation page at /api/docs', () => {
  let t: TestApp;
  let staticDir: string;
  beforeAll(async () => {
    // A web build, so that its fallback (index.html for any page) is there to take the docs' paths if it could.
    staticDir = mkdtempSync(join(tmpdir(), 'tourdesk-web-'));
    writeFileSync(join(staticDir, 'index.html'), '<!doctype html><title>Tourdesk</title><div id="root"></div>');
    t = await createTestApp(DB_KINDS[0]!, { staticDir });
  });
  afterAll(async () => {
    await t?.close();
    removeDir(staticDir);
  });

  it('answers 200 HTML without a token, loading only its own scripts (the site’s CSP allows no inline script)', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/docs' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/html/);
    expect(res.headers['content-security-policy']).toContain("script-src 'self'");
    const scripts = [...res.body.matchAll(/<script([^>]*)>/g)].map((match) => match[1] ?? '');
    expect(scripts.length).toBeGreaterThan(0);
    expect(scripts.filter((attributes) => !/\ssrc="\/api\/docs\//.test(attributes))).toEqual([]);
    for (const src of scripts.map((attributes) => /src="([^"]+)"/.exec(attributes)![1]!)) {
      const script = await t.app.inject({ method: 'GET', url: src });
      expect([src, script.statusCode]).toEqual([src, 200]);
    }
  });

  it('is not taken by the web app’s fallback, with or without a trailing slash', async () => {
    for (const url of ['/api/docs', '/api/docs/', '/api/docs/json']) {
      const res = await t.app.inject({ method: 'GET', url, headers: { accept: 'text/html' } });
      expect([url, res.statusCode]).toEqual([url, 200]);
      expect(res.body).not.toContain('<div id="root">');
    }
  });
});
