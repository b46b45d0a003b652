import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'drizzle-orm';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { Client } from 'pg';
import { buildApp } from '../../server/app';
import { loadConfig } from '../../server/config';
import { openEmbedded, openPostgres, type Database } from '../../server/db/client';
import { copyPgliteTemplate, createPgDatabase, removeDir } from './dbTemplate';
import { DB_KINDS, TEST_SECRET, bearer, refreshCookie, uniqueEmail } from './helpers';

const FAIL_USERS_WRITES = [
  `CREATE FUNCTION log_test_fail() RETURNS trigger LANGUAGE plpgsql AS $$
     BEGIN RAISE EXCEPTION 'storage failure injected by the log test'; END $$`,
  'CREATE TRIGGER log_test_fail BEFORE INSERT OR UPDATE ON users FOR EACH ROW EXECUTE FUNCTION log_test_fail()',
];

interface LoggedApp {
  app: FastifyInstance;
  log(): string;
  /** SQL as the database owner, outside the app (row-level security does not apply). */
  ownerSql(text: string): Promise<Array<Record<string, unknown>>>;
  close(): Promise<void>;
}

/** The app with its log at the most verbose level, captured. */
async function buildLoggedApp(kind: 'pglite' | 'postgres'): Promise<LoggedApp> {
  const lines: string[] = [];
  const dataDir = kind === 'pglite' ? copyPgliteTemplate() : mkdtempSync(join(tmpdir(), 'tourdesk-logs-'));
  let database: Database;
  let owner: Client | undefined;
  let dropPg: (() => Promise<void>) | undefined;
  if (kind === 'postgres') {
    const created = await createPgDatabase(process.env.TEST_DATABASE_URL as string);
    dropPg = created.drop;
    database = await openPostgres(created.url, 4);
    owner = new Client({ connectionString: created.url });
    await owner.connect();
  } else {
    database = await openEmbedded(dataDir);
  }
  const config = {
    ...loadConfig({ LOG_LEVEL: 'trace', JWT_SECRET: TEST_SECRET, DATA_DIR: dataDir }),
    staticDir: join(dataDir, 'no-web-build'),
    loginRateLimit: 3,
  };
  const app = await buildApp(config, { database, logStream: { write: (line) => lines.push(line) } });
  await app.ready();
  return {
    app,
    log: () => lines.join(''),
    async ownerSql(text) {
      if (owner) return (await owner.query(text)).rows as Array<Record<string, unknown>>;
      const result = await database.db.execute(sql.raw(text));
      return (result as unknown as { rows: Array<Record<string, unknown>> }).rows;
    },
    async close() {
      await app.close();
      await owner?.end();
      await database.close();
      await dropPg?.();
      removeDir(dataDir);
    },
  };
}

describe.each(DB_KINDS)('logs [%s]', (kind) => {
  let t: LoggedApp;
  beforeAll(async () => {
    t = await buildLoggedApp(kind);
  });
  afterAll(async () => {
    await t?.close();
  });

  it('never hold a password, a password hash, an access or refresh token, or a cookie', async () => {
    const secrets = new Map<string, string>();
    const keep = (label: string, value: string) => {
      secrets.set(label, value);
      return value;
    };
    const tokenOf = (res: LightMyRequestResponse) => keep(`access token ${secrets.size}`, res.json().user.token);
    const cookieOf = (res: LightMyRequestResponse) => keep(`refresh token ${secrets.size}`, refreshCookie(res));
    const inject = t.app.inject.bind(t.app);

    const email = uniqueEmail('logs');
    const first = keep('first password', 'first-Pa55word-in-the-log-test');
    const second = keep('second password', 'second-Pa55word-in-the-log-test');
    const signedUp = await inject({ method: 'POST', url: '/api/user/signup', payload: { email, password: first } });
    expect(signedUp.statusCode).toBe(201);
    tokenOf(signedUp);
    cookieOf(signedUp);

    const signedIn = await inject({ method: 'POST', url: '/auth', payload: { email, password: first } });
    expect(signedIn.statusCode).toBe(200);
    tokenOf(signedIn);
    const refreshed = await inject({
      method: 'GET',
      url: '/auth/refresh',
      headers: { cookie: `tourdesk_refresh=${cookieOf(signedIn)}` },
    });
    expect(refreshed.statusCode).toBe(200);
    const token = keep('refreshed access token', refreshed.json().accessToken);
    const wrong = keep('wrong password', 'wrong-Pa55word-in-the-log-test');
    expect((await inject({ method: 'POST', url: '/auth', payload: { email, password: wrong } })).statusCode).toBe(401);
    const stranger = { email: uniqueEmail('nobody'), password: keep('unknown account password', 'nobody-Pa55word') };
    expect((await inject({ method: 'POST', url: '/auth', payload: stranger })).statusCode).toBe(401);

    const changed = await inject({
      method: 'POST',
      url: '/api/user/changePassword',
      headers: bearer(token),
      cookies: { tourdesk_refresh: cookieOf(refreshed) },
      payload: { email, oldPassword: first, newPassword: second },
    });
    expect(changed.statusCode).toBe(200);
    const renewed = await inject({
      method: 'GET',
      url: '/auth/refresh',
      cookies: { tourdesk_refresh: cookieOf(changed) },
    });
    const manager = keep('access token after the change', renewed.json().accessToken);
    cookieOf(renewed);

    const guidePassword = keep('guide password', 'guide-Pa55word-in-the-log-test');
    const guide = { name: 'Gina', email: uniqueEmail('guide'), password: guidePassword };
    const added = await inject({ method: 'POST', url: '/api/user/addguide', headers: bearer(manager), payload: guide });
    expect(added.statusCode).toBe(201);

    const invalid = [
      { method: 'POST', url: '/api/user/signup', payload: { email, password: keep('short password', 'Sh0rt!x') } },
      { method: 'POST', url: '/auth', payload: { email: 'not an email', password: keep('p1', 'invalid-email-Pa55') } },
      {
        method: 'POST',
        url: '/api/user/addguide',
        headers: bearer(manager),
        payload: { ...guide, email: 'nope', password: keep('p2', 'bad-guide-Pa55word') },
      },
    ] as const;
    for (const request of invalid) expect((await inject(request)).statusCode).toBe(400);
    const forged = keep('forged token', `${manager.slice(0, -6)}AAAAAA`);
    expect((await inject({ method: 'GET', url: '/api/user/guides/company', headers: bearer(forged) })).statusCode).toBe(
      401,
    );
    const made = keep('made-up refresh token', 'made-up-refresh-token-in-the-log-test');
    expect(
      (await inject({ method: 'GET', url: '/auth/refresh', cookies: { tourdesk_refresh: made } })).statusCode,
    ).toBe(401);
    for (let i = 0; i < 3; i++) await inject({ method: 'POST', url: '/auth', payload: { email, password: wrong } });
    expect((await inject({ method: 'POST', url: '/auth', payload: { email, password: second } })).statusCode).toBe(429);

    // The paths that log the error itself: the database refuses a write that carries a password hash.
    for (const statement of FAIL_USERS_WRITES) await t.ownerSql(statement);
    const failedSignup = {
      email: uniqueEmail('fails'),
      password: keep('password of a failed signup', 'fail-Pa55word'),
    };
    expect((await inject({ method: 'POST', url: '/api/user/signup', payload: failedSignup })).statusCode).toBe(500);
    const failedChange = await inject({
      method: 'POST',
      url: '/api/user/changePassword',
      headers: bearer(manager),
      payload: { oldPassword: second, newPassword: keep('password of a failed change', 'never-stored-Pa55') },
    });
    expect(failedChange.statusCode).toBe(500);

    for (const row of await t.ownerSql('SELECT password_hash FROM users')) {
      keep(`hash ${secrets.size}`, String(row.password_hash));
    }
    for (const [label, value] of [...secrets]) {
      if (value.split('.').length === 3) secrets.set(`${label}, signature`, value.split('.')[2]!);
    }
    secrets.set('JWT secret', TEST_SECRET);
    secrets.set('any argon2 hash', '$argon2');

    const log = t.log();
    // The log is on and the failures were logged, so the search below searched something.
    expect(log).toContain('"msg":"incoming request"');
    expect(log.match(/"msg":"request failed"/g)).toHaveLength(2);
    expect(log).toContain('storage failure injected by the log test');
    expect([...secrets].filter(([, value]) => log.includes(value)).map(([label]) => label)).toEqual([]);
  });

  it('logs a download the client abandoned at info, not as an error', async () => {
    const before = t.log().length;
    // What @fastify/compress logs when the browser goes away mid-stream.
    t.app.log.error(new Error('premature close'));
    t.app.log.error(new Error('disk on fire'));
    const entries = t
      .log()
      .slice(before)
      .trim()
      .split('\n')
      .map((line) => JSON.parse(line) as { level: number; msg: string });
    expect(entries.map((e) => [e.level, e.msg])).toEqual([
      [30, 'the client closed the connection before the answer ended'],
      [50, 'disk on fire'],
    ]);
  });
});
