import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { buildApp } from '../../server/app';
import { loadConfig, type Config } from '../../server/config';
import { openEmbedded, openPostgres, type Database, type DatabaseOptions, type Db } from '../../server/db/client';
import type { AuthUser } from '../../src/domain/auth';
import { copyPgliteTemplate, createPgDatabase, removeDir } from './dbTemplate';

export { removeDir as removeDirSafe };

export type DbKind = 'pglite' | 'postgres';

/** Every server suite runs on the embedded database, and on PostgreSQL too when TEST_DATABASE_URL is set. */
export const DB_KINDS: DbKind[] = process.env.TEST_DATABASE_URL ? ['pglite', 'postgres'] : ['pglite'];

export const TEST_SECRET = 'test-secret-that-is-long-enough-for-hs256-signing';

export interface TestApp {
  app: FastifyInstance;
  db: Db;
  /** The app's database: its `db` runs under row-level security on PostgreSQL (`db` above is the owner's). */
  database: Database;
  config: Config;
  /** PostgreSQL's URL of this app's database (a second process opens it too); undefined on the embedded one. */
  databaseUrl?: string;
  close(): Promise<void>;
}

export async function createTestApp(
  kind: DbKind,
  overrides: Partial<Config> = {},
  deps: { now?: () => Date } & DatabaseOptions = {},
): Promise<TestApp> {
  const dataDir = kind === 'pglite' ? copyPgliteTemplate() : mkdtempSync(join(tmpdir(), 'tourdesk-test-'));
  let database: Database;
  let dropPg: (() => Promise<void>) | undefined;
  let databaseUrl: string | undefined;
  if (kind === 'postgres') {
    const created = await createPgDatabase(process.env.TEST_DATABASE_URL as string);
    dropPg = created.drop;
    databaseUrl = created.url;
    database = await openPostgres(created.url, overrides.poolSize ?? 4, overrides.poolTimeoutMs, deps);
  } else {
    database = await openEmbedded(dataDir, deps);
  }
  const config: Config = {
    ...loadConfig({ LOG_LEVEL: 'silent', JWT_SECRET: TEST_SECRET, DATA_DIR: dataDir }),
    staticDir: join(dataDir, 'no-web-build'),
    loginRateLimit: 1000,
    signupRateLimit: 1000,
    loginAddressRateLimit: 1000,
    addMemberRateLimit: 1000,
    channelRefusedLimit: 1000,
    ...overrides,
  };
  const app = await buildApp(config, { database, now: deps.now });
  await app.ready();
  return {
    app,
    db: database.owner,
    database,
    config,
    databaseUrl,
    async close() {
      await app.close();
      await database.close();
      await dropPg?.();
      removeDir(dataDir);
    },
  };
}

/** Runs the suite once per database kind with a fresh app for the whole describe block. */
export function describeEachDb(
  title: string,
  suite: (ctx: () => TestApp) => void,
  deps: { now?: () => Date } & DatabaseOptions = {},
): void {
  describe.each(DB_KINDS)(`${title} [%s]`, (kind) => {
    let testApp: TestApp | undefined;
    beforeAll(async () => {
      testApp = await createTestApp(kind, {}, deps);
    });
    afterAll(async () => {
      await testApp?.close();
    });
    suite(() => {
      if (!testApp) throw new Error('test app not ready');
      return testApp;
    });
  });
}

let counter = 0;
export function uniqueEmail(prefix = 'user'): string {
  counter += 1;
  return `${prefix}-${process.pid}-${Date.now()}-${counter}@example.test`;
}

export function bearer(token: string): { authorization: string } {
  return { authorization: `Bearer ${token}` };
}

/** How a company calls a route: a channel route (`/api/v1`) with its API key, any other with the member's token. */
export function authFor(route: { access?: string }, token: string, apiKey: string): { authorization: string } {
  return bearer(route.access === 'channel' ? apiKey : token);
}

export function refreshCookie(res: LightMyRequestResponse): string {
  const cookie = res.cookies.find((c) => c.name === 'tourdesk_refresh');
  if (!cookie) throw new Error(`no refresh cookie in response ${res.statusCode}: ${res.body}`);
  return cookie.value;
}

export interface SignedIn {
  user: AuthUser;
  token: string;
  refresh: string;
  password: string;
}

export async function signup(
  app: FastifyInstance,
  email = uniqueEmail(),
  password = 'correct horse',
): Promise<SignedIn> {
  const res = await app.inject({ method: 'POST', url: '/api/user/signup', payload: { email, password } });
  if (res.statusCode !== 201) throw new Error(`signup failed: ${res.statusCode} ${res.body}`);
  const user = res.json<{ user: AuthUser }>().user;
  return { user, token: user.token, refresh: refreshCookie(res), password };
}

export async function login(app: FastifyInstance, email: string, password: string): Promise<SignedIn> {
  const res = await app.inject({ method: 'POST', url: '/auth', payload: { email, password } });
  if (res.statusCode !== 200) throw new Error(`login failed: ${res.statusCode} ${res.body}`);
  const user = res.json<{ user: AuthUser }>().user;
  return { user, token: user.token, refresh: refreshCookie(res), password };
}

export function refreshWith(app: FastifyInstance, refresh: string) {
  return app.inject({ method: 'GET', url: '/auth/refresh', cookies: { tourdesk_refresh: refresh } });
}
