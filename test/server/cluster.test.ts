import { readdirSync, readFileSync } from 'node:fs';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ConfigError, loadConfig } from '../../server/config';
import { sql } from 'drizzle-orm';
import { queryRows } from '../../server/db/rows';
import { openDatabase, openPostgres } from '../../server/db/client';
import { createPgDatabase, removeDir } from './dbTemplate';
import { TEST_SECRET, uniqueEmail } from './helpers';
import {
  companyIn,
  httpRequest,
  killAllServers,
  signInAs,
  spawnServer,
  startServer,
  waitFor,
  type ServerProcess,
} from './serverProcess';

const LOGIN_LIMIT = 3;
const DAY = new Date(Date.now() + 2 * 86_400_000).toISOString().slice(0, 10);

/**
 * The worker processes of a primary: its children running the server, from /proc (tsx may run an esbuild service
 * beside them when its cache is cold).
 */
function childPids(pid: number): number[] {
  return readdirSync('/proc')
    .filter((entry) => /^\d+$/.test(entry))
    .filter((entry) => {
      try {
        const stat = readFileSync(`/proc/${entry}/stat`, 'utf8');
        const parent = Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]);
        return parent === pid && readFileSync(`/proc/${entry}/cmdline`, 'utf8').includes('server/main.ts');
      } catch {
        return false;
      }
    })
    .map(Number);
}

/**
 * The pids in the server's log lines for completed requests: which processes answered. Read with a pattern, not
 * JSON.parse: two processes share the pipe, and under load a line of one may be cut by a line of the other.
 */
function answeringPids(server: ServerProcess): Set<number> {
  const pids = [...server.output().matchAll(/"pid":(\d+)[^\n]*"msg":"request completed"/g)].map((m) => Number(m[1]));
  return new Set(pids);
}

afterAll(async () => {
  await killAllServers();
});

describe('WEB_CONCURRENCY', () => {
  it('is refused above 1 on the embedded database, which serves one process', () => {
    expect(() => loadConfig({ WEB_CONCURRENCY: '2' })).toThrow(ConfigError);
    expect(() => loadConfig({ WEB_CONCURRENCY: '2' })).toThrow(/WEB_CONCURRENCY: 2 processes need DATABASE_URL/);
    expect(() => loadConfig({ WEB_CONCURRENCY: '0', DATABASE_URL: 'postgres://x/y' })).toThrow(ConfigError);
    expect(loadConfig({ WEB_CONCURRENCY: '2', DATABASE_URL: 'postgres://x/y' }).workers).toBe(2);
    expect(loadConfig({}).workers).toBe(1);
  });

  it('stops a process started that way with the reason and a non-zero exit', async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'tourdesk-cluster-'));
    try {
      const server = spawnServer({ WEB_CONCURRENCY: '2', DATA_DIR: dataDir });
      server.ready.catch(() => undefined);
      expect(await server.exited).toEqual({ code: 1, signal: null });
      expect(server.output()).toMatch(/Tourdesk cannot start: Invalid configuration:\n {2}WEB_CONCURRENCY/);
    } finally {
      removeDir(dataDir);
    }
  }, 60_000);
});

if (process.env.TEST_DATABASE_URL) {
  const adminUrl = process.env.TEST_DATABASE_URL;

  describe('DATABASE_POOL_SIZE on PostgreSQL', () => {
    it('bounds the connections a process opens: more concurrent queries wait for one', async () => {
      const created = await createPgDatabase(adminUrl);
      const database = await openDatabase({ databaseUrl: created.url, dataDir: '', poolSize: 2 });
      try {
        // Seen from the server: the sessions running the app's sleeps, however many the app asked for at once.
        const sleeping = async () => {
          const rows = await queryRows<{ n: number }>(
            database.owner,
            sql`select count(*)::int as n from pg_stat_activity
                where datname = current_database() and query like 'select pg_sleep(0.3)%' and state = 'active'`,
          );
          return rows[0]?.n ?? 0;
        };
        let most = 0;
        const queries = Promise.all(Array.from({ length: 8 }, () => database.db.execute(sql`select pg_sleep(0.3)`)));
        const watch = setInterval(() => void sleeping().then((n) => (most = Math.max(most, n))), 20);
        await queries;
        clearInterval(watch);
        expect(most).toBe(2);
      } finally {
        await database.close();
        await created.drop();
      }
    }, 60_000);
  });

  describe('WEB_CONCURRENCY=2 on PostgreSQL', () => {
    let server: ServerProcess;
    let drop: () => Promise<void>;
    let dataDir: string;
    let email: string;

    beforeAll(async () => {
      const created = await createPgDatabase(adminUrl);
      drop = created.drop;
      // Written before the server starts: a signed-up company has no tour to book.
      email = await companyIn(await openPostgres(created.url, 1));
      dataDir = mkdtempSync(join(tmpdir(), 'tourdesk-cluster-'));
      server = await startServer({
        DATABASE_URL: created.url,
        WEB_CONCURRENCY: '2',
        JWT_SECRET: TEST_SECRET,
        DATA_DIR: dataDir,
        LOG_LEVEL: 'info',
        LOGIN_RATE_LIMIT: String(LOGIN_LIMIT),
        STATIC_DIR: join(dataDir, 'no-web-build'),
      });
    }, 120_000);
    afterAll(async () => {
      await killAllServers();
      await drop?.();
      if (dataDir) removeDir(dataDir);
    });

    it('serves from two worker processes that share the port, and says so once', async () => {
      const pid = server.child.pid as number;
      expect(childPids(pid)).toHaveLength(2);
      expect(server.output().match(/Tourdesk is running at/g)).toHaveLength(1);
      expect(server.output()).toContain('(PostgreSQL, 2 worker processes)');

      // Each request on a connection of its own: node:cluster deals connections to the workers in turn.
      const token = await signInAs(server, email);
      const names = Array.from({ length: 6 }, (_, i) => `Guest ${i}`);
      for (const name of names) {
        const added = await httpRequest(server.baseUrl, 'POST', '/api/bookings/add-booking', {
          token,
          body: { name, customers: [{ Adults: 2 }], date: DAY, time: '10:00', tour: 'Old Town Walk', source: 'Walkin' },
        });
        expect(added.status).toBe(201);
      }
      // Whichever worker answers, it reads what the other wrote: the state is all in PostgreSQL.
      for (let i = 0; i < 4; i++) {
        const day = await httpRequest(server.baseUrl, 'GET', `/api/bookings/date/${DAY}`, { token });
        expect(day.status).toBe(200);
        expect(day.json<{ bookings: Array<{ name: string }> }>().bookings.map((b) => b.name)).toEqual(
          expect.arrayContaining(names),
        );
      }
      // A worker logs a request once its answer is sent: the last lines may reach the pipe after the answer does.
      const workers = childPids(pid).sort();
      await waitFor('both workers to log an answer', () => answeringPids(server).size === 2);
      expect([...answeringPids(server)].sort()).toEqual(workers);
    }, 60_000);

    it('counts login attempts across the workers: the limit holds for the whole server', async () => {
      const email = uniqueEmail('limit');
      const attempt = () =>
        httpRequest(server.baseUrl, 'POST', '/auth', { body: { email, password: 'not the password' } });
      // Dealt in turn, per-process counts would let each worker take LOGIN_LIMIT attempts.
      for (let i = 0; i < LOGIN_LIMIT; i++) expect((await attempt()).status).toBe(401);
      const limited = await attempt();
      expect(limited.status).toBe(429);
    }, 60_000);

    it('replaces a worker that dies, and keeps answering', async () => {
      const pid = server.child.pid as number;
      const [victim, survivor] = childPids(pid);
      process.kill(victim as number, 'SIGKILL');
      await waitFor('a new worker', () => {
        const now = childPids(pid);
        return now.length === 2 && !now.includes(victim as number) && now.includes(survivor as number);
      });
      // The line goes to stderr just before the fork; its pipe may be read a moment after the new process shows.
      await waitFor('the primary to say so', () =>
        server.output().includes(`worker process ${victim} died (SIGKILL); starting another`),
      );
      const replacement = childPids(pid).find((p) => p !== survivor) as number;
      await waitFor('the new worker to answer', async () => {
        await Promise.all(
          Array.from({ length: 4 }, () => httpRequest(server.baseUrl, 'GET', '/api/bookings/date/2026-01-01')),
        );
        return answeringPids(server).has(replacement);
      });
    }, 60_000);

    it('stops every worker on SIGTERM and exits 0', async () => {
      const pid = server.child.pid as number;
      server.child.kill('SIGTERM');
      expect(await server.exited).toEqual({ code: 0, signal: null });
      expect(childPids(pid)).toEqual([]);
    }, 60_000);
  });
}
