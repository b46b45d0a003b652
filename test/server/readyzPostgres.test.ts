import { buildApp } from '../../server/app';
import { loadConfig } from '../../server/config';
import { openPostgres, type Database } from '../../server/db/client';
import { createPgDatabase } from './dbTemplate';
import { TEST_SECRET, bearer, signup } from './helpers';
import { waitFor } from './serverProcess';
import { listen, openStream, type TestStream } from './sse';
import { TcpProxy } from './tcpProxy';
import type { FastifyInstance } from 'fastify';

const adminUrl = process.env.TEST_DATABASE_URL;

/** The answer of GET /readyz once it is `status`, asking again until then. */
async function readyzOnce(app: FastifyInstance, status: number) {
  let last = await app.inject({ url: '/readyz' });
  await waitFor(
    `GET /readyz to answer ${status}`,
    async () => {
      last = await app.inject({ url: '/readyz' });
      return last.statusCode === status;
    },
    20_000,
  );
  return last.json<{ checks: Record<string, string> }>();
}

(adminUrl ? describe : describe.skip)('GET /readyz while PostgreSQL goes away and comes back', () => {
  let proxy: TcpProxy;
  let database: Database;
  let app: FastifyInstance;
  let drop: () => Promise<void>;
  let stream: TestStream;

  beforeAll(async () => {
    const created = await createPgDatabase(adminUrl as string);
    drop = created.drop;
    const target = new URL(created.url);
    proxy = new TcpProxy(target.hostname, Number(target.port || 5432));
    await proxy.start();
    target.host = `127.0.0.1:${proxy.port}`;
    database = await openPostgres(target.toString(), 2, 1_000);
    const config = { ...loadConfig({ LOG_LEVEL: 'silent', JWT_SECRET: TEST_SECRET }), staticDir: '/nonexistent' };
    app = await buildApp(config, { database });
    const baseUrl = await listen(app);
    const member = await signup(app);
    // A live stream starts the process's LISTEN connection, which readiness then watches too.
    stream = await openStream(baseUrl, bearer(member.token));
    await stream.next();
  });
  afterAll(async () => {
    stream?.close();
    await app?.close();
    await database?.close();
    await proxy?.stop();
    await drop?.();
  });

  it('answers 200 with the database, its migrations and LISTEN up', async () => {
    expect(await readyzOnce(app, 200)).toEqual({
      status: 'ready',
      checks: { database: 'ok', migrations: 'ok', listen: 'connected' },
    });
  });

  it('answers 503 naming the database and LISTEN while PostgreSQL cannot be reached', async () => {
    await proxy.stop();
    const body = await readyzOnce(app, 503);
    expect(body).toMatchObject({ code: 'NOT_READY', checks: { database: 'unreachable', listen: 'lost' } });
  });

  it('answers 200 again once PostgreSQL is back', async () => {
    await proxy.start();
    expect((await readyzOnce(app, 200)).checks).toEqual({ database: 'ok', migrations: 'ok', listen: 'connected' });
  });
});
