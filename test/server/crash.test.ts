import { existsSync, mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Client } from 'pg';
import { openEmbedded, openPostgres } from '../../server/db/client';
import { copyPgliteTemplate, createPgDatabase, removeDir } from './dbTemplate';
import { TEST_SECRET, uniqueEmail } from './helpers';
import {
  halfSentRequest,
  httpRequest,
  killAllServers,
  companyIn,
  signInAs,
  spawnServer,
  startServer,
  stopHard,
  waitFor,
  type ServerProcess,
} from './serverProcess';

interface Sent {
  name: string;
  adults: number;
}
interface StoredBooking {
  _id: string;
  name: string;
  pax: number;
  date: string;
  time: string;
  tour: string;
}

const PASSWORD = 'crash test password';
// Two days ahead in UTC (the company's timezone): open to the Manager, whatever the hour.
const DAY = new Date(Date.now() + 2 * 86_400_000).toISOString().slice(0, 10);
const WORKERS = 6;
const ACKS_BEFORE_KILL = 60;

const dirs: string[] = [];
const dropDatabases: Array<() => Promise<void>> = [];

afterAll(async () => {
  await killAllServers();
  for (const dir of dirs) removeDir(dir);
  for (const drop of dropDatabases) await drop();
});

function tempDir(): string {
  const dir = mkdtempSync(join(tmpdir(), 'tourdesk-crash-'));
  dirs.push(dir);
  return dir;
}

const bookingBody = (sent: Sent) => ({
  name: sent.name,
  customers: [{ Adults: sent.adults }],
  date: DAY,
  time: '10:00',
  tour: 'Old Town Walk',
  source: 'Walkin',
});

/**
 * Several writers add bookings at once; when ACKS_BEFORE_KILL have been acknowledged the process is killed with
 * SIGKILL while the other writers' requests are still in flight. Answers what was acknowledged and what was sent.
 */
async function writeUntilKilled(server: ServerProcess, token: string) {
  const acknowledged = new Map<string, Sent>();
  const sent = new Map<string, Sent>();
  let next = 0;
  let killed = false;
  const writer = async () => {
    while (!killed) {
      next += 1;
      const booking = { name: `Crash ${next}`, adults: 1 + (next % 5) };
      sent.set(booking.name, booking);
      try {
        const res = await httpRequest(server.baseUrl, 'POST', '/api/bookings/add-booking', {
          token,
          body: bookingBody(booking),
        });
        if (res.status !== 201) throw new Error(`add-booking answered ${res.status}: ${res.body}`);
        acknowledged.set(res.json<{ _id: string }>()._id, booking);
        if (acknowledged.size >= ACKS_BEFORE_KILL && !killed) {
          killed = true;
          server.child.kill('SIGKILL');
        }
      } catch (err) {
        if (!killed) throw err;
      }
    }
  };
  await Promise.all(Array.from({ length: WORKERS }, writer));
  await server.exited;
  return { acknowledged, sent };
}

async function storedBookings(server: ServerProcess, token: string): Promise<StoredBooking[]> {
  const res = await httpRequest(server.baseUrl, 'GET', `/api/bookings/date/${DAY}`, { token });
  expect(res.status).toBe(200);
  return res.json<{ bookings: StoredBooking[] }>().bookings;
}

/** Every acknowledged booking is back whole; anything else stored is a whole booking that was sent. */
function expectNothingLost(stored: StoredBooking[], acknowledged: Map<string, Sent>, sent: Map<string, Sent>) {
  const byId = new Map(stored.map((b) => [b._id, b]));
  expect(byId.size).toBe(stored.length);
  for (const [id, booking] of acknowledged) {
    expect(byId.get(id)).toMatchObject({ name: booking.name, pax: booking.adults, date: DAY, time: '10:00' });
  }
  for (const booking of stored) {
    expect(booking).toMatchObject({ pax: sent.get(booking.name)?.adults, tour: 'Old Town Walk', date: DAY });
  }
  expect(new Set(stored.map((b) => b.name)).size).toBe(stored.length);
}

async function crashAndRestart(env: Record<string, string>, email: string) {
  const first = await startServer(env);
  const token = await signInAs(first, email);
  const { acknowledged, sent } = await writeUntilKilled(first, token);
  expect(acknowledged.size).toBeGreaterThanOrEqual(ACKS_BEFORE_KILL);
  expect(sent.size).toBeGreaterThan(acknowledged.size);

  const second = await startServer(env);
  const stored = await storedBookings(second, token);
  expectNothingLost(stored, acknowledged, sent);
  const after = await httpRequest(second.baseUrl, 'POST', '/api/bookings/add-booking', {
    token,
    body: bookingBody({ name: 'After the restart', adults: 2 }),
  });
  expect(after.status).toBe(201);
  return second;
}

// One data dir and, after the crash, one process for the three tests: each start of the server costs seconds.
describe('embedded database process', () => {
  let dataDir: string;
  let env: Record<string, string>;
  let running: ServerProcess | undefined;
  let email: string;
  beforeAll(async () => {
    dataDir = copyPgliteTemplate();
    dirs.push(dataDir);
    env = { DATA_DIR: dataDir, LOG_LEVEL: 'info', STATIC_DIR: join(dataDir, 'no-web-build') };
    email = await companyIn(await openEmbedded(dataDir));
  });

  it('keeps every acknowledged booking through kill -9 and a restart on the same DATA_DIR', async () => {
    running = await crashAndRestart(env, email);
  }, 180_000);

  it('refuses a second process on the same DATA_DIR with a clear message and a non-zero exit', async () => {
    running ??= await startServer(env);
    const second = spawnServer({ ...env });
    await expect(second.ready).rejects.toThrow(/in use by another Tourdesk process/);
    const { code } = await second.exited;
    expect(code).not.toBe(0);
    expect(second.output()).toContain(`The data directory ${dataDir} is in use by another Tourdesk process`);
    // The first process is untouched.
    const res = await httpRequest(running.baseUrl, 'GET', `/api/bookings/date/${DAY}`);
    expect(res.status).toBe(401);
  }, 120_000);

  it('on SIGTERM finishes the requests in flight, refuses new connections, exits 0 and releases the data dir', async () => {
    const server = (running ??= await startServer(env));
    const token = await signInAs(server, email);
    const incoming = () => server.output().split('"msg":"incoming request"').length - 1;
    const before = incoming();

    const inFlight = Array.from({ length: 5 }, (_, i) =>
      halfSentRequest(server.baseUrl, 'POST', '/api/bookings/add-booking', {
        token,
        body: bookingBody({ name: `In flight ${i}`, adults: 2 }),
      }),
    );
    await waitFor('the server to receive every request', () => incoming() >= before + inFlight.length);
    server.child.kill('SIGTERM');
    await waitFor('the shutdown to start', () => server.output().includes('"msg":"shutting down"'));
    await expect(httpRequest(server.baseUrl, 'GET', `/api/bookings/date/${DAY}`, { token })).rejects.toThrow(
      /ECONNREFUSED/,
    );

    const answers = await Promise.all(inFlight.map((request) => request.finish()));
    expect(answers.map((answer) => answer.status)).toEqual([201, 201, 201, 201, 201]);
    expect(answers.map((answer) => answer.json<{ name: string }>().name).sort()).toEqual(
      Array.from({ length: 5 }, (_, i) => `In flight ${i}`),
    );
    expect(await server.exited).toEqual({ code: 0, signal: null });
    running = undefined;
    expect(existsSync(join(dataDir, 'tourdesk.lock'))).toBe(false);
  }, 120_000);
});

if (process.env.TEST_DATABASE_URL) {
  const adminUrl = process.env.TEST_DATABASE_URL;

  describe('PostgreSQL process', () => {
    let env: Record<string, string>;
    let databaseName: string;
    let email: string;

    beforeAll(async () => {
      const created = await createPgDatabase(adminUrl);
      email = await companyIn(await openPostgres(created.url, 1));
      dropDatabases.push(created.drop);
      databaseName = new URL(created.url).pathname.slice(1);
      const dataDir = tempDir();
      env = {
        DATABASE_URL: created.url,
        JWT_SECRET: TEST_SECRET,
        DATA_DIR: dataDir,
        LOG_LEVEL: 'warn',
        STATIC_DIR: join(dataDir, 'no-web-build'),
      };
    });

    it('keeps every acknowledged booking through kill -9 and a restart', async () => {
      const server = await crashAndRestart(env, email);
      await stopHard(server);
    }, 180_000);

    describe('when PostgreSQL ends the app’s connections', () => {
      let server: ServerProcess;
      let token: string;
      const admin = new Client({ connectionString: adminUrl });
      let locker: Client | undefined;

      beforeAll(async () => {
        await admin.connect();
        server = await startServer(env);
        token = await signInAs(server, email);
      }, 60_000);
      afterAll(async () => {
        await admin.end();
        await locker?.end().catch(() => undefined);
        await stopHard(server);
      });

      const appBackends = async () => {
        const { rows } = await admin.query<{ pid: number; wait: string | null }>(
          `SELECT pid, wait_event_type AS wait FROM pg_stat_activity
           WHERE datname = $1 AND pid <> pg_backend_pid() AND backend_type = 'client backend'`,
          [databaseName],
        );
        return rows;
      };
      const terminateAppBackends = async (except: number[] = []) => {
        const pids = (await appBackends()).map((r) => r.pid).filter((pid) => !except.includes(pid));
        expect(pids.length).toBeGreaterThan(0);
        await admin.query('SELECT pg_terminate_backend(pid) FROM unnest($1::int[]) AS pid', [pids]);
        return pids.length;
      };
      const idleCuts = () => server.output().split('PostgreSQL closed an idle connection').length - 1;
      const addBooking = (name: string) =>
        httpRequest(server.baseUrl, 'POST', '/api/bookings/add-booking', {
          token,
          body: bookingBody({ name, adults: 3 }),
        });

      it('survives its idle connections being terminated, and the next requests succeed', async () => {
        expect((await addBooking('Before the cut')).status).toBe(201);
        await terminateAppBackends();
        // Not one notice per terminated backend: a pool whose idle timeout ends a connection as it is terminated
        // (on a busy machine) removes it without an error, and it is gone either way.
        await waitFor('the pool to notice', () => idleCuts() >= 1);
        expect((await addBooking('After the cut')).status).toBe(201);
        const names = (await storedBookings(server, token)).map((b) => b.name);
        expect(names).toEqual(expect.arrayContaining(['Before the cut', 'After the cut']));
        expect(server.child.exitCode).toBeNull();
      }, 60_000);

      it('survives a connection terminated in the middle of a transaction: that request fails, nothing of it is kept, the next succeed', async () => {
        const account = await httpRequest(server.baseUrl, 'POST', '/api/user/signup', {
          body: { email: uniqueEmail('cut'), password: PASSWORD },
        });
        const { email, token: accountToken } = account.json<{ user: { email: string; token: string } }>().user;
        // Holding this lock makes the change of password wait inside its transaction, on the sessions table.
        locker = new Client({ connectionString: env.DATABASE_URL });
        await locker.connect();
        await locker.query('BEGIN');
        await locker.query('LOCK TABLE refresh_tokens IN EXCLUSIVE MODE');
        const lockerPid = (await locker.query<{ pid: number }>('SELECT pg_backend_pid() AS pid')).rows[0]!.pid;
        const change = httpRequest(server.baseUrl, 'POST', '/api/user/changePassword', {
          token: accountToken,
          body: { oldPassword: PASSWORD, newPassword: 'a password never stored' },
        });
        await waitFor('the change of password to wait on the lock', async () =>
          (await appBackends()).some((r) => r.pid !== lockerPid && r.wait === 'Lock'),
        );
        await terminateAppBackends([lockerPid]);
        await locker.query('ROLLBACK');

        const failed = await change;
        expect(failed.status).toBe(500);
        expect(failed.json()).toEqual({ error: 'Something went wrong on our side', code: 'INTERNAL' });
        const signIn = (password: string) =>
          httpRequest(server.baseUrl, 'POST', '/auth', { body: { email, password } });
        expect((await signIn(PASSWORD)).status).toBe(200);
        expect((await signIn('a password never stored')).status).toBe(401);
        expect((await addBooking('After the cut in a transaction')).status).toBe(201);
        expect(server.child.exitCode).toBeNull();
        expect(server.output()).not.toContain('shutting down');
      }, 60_000);
    });
  });
}
