import { request } from 'node:http';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { PastImport } from '../../src/domain/schemas/imports';
import { openEmbedded, openPostgres } from '../../server/db/client';
import { copyPgliteTemplate, createPgDatabase, removeDir } from './dbTemplate';
import { TEST_SECRET } from './helpers';
import { bookingRows, channelQuery, CHANNEL_HEADER } from './importRequests';
import {
  companyIn,
  httpRequest,
  killAllServers,
  signInAs,
  startServer,
  stopHard,
  waitFor,
  type ServerProcess,
} from './serverProcess';

const dirs: string[] = [];
const dropDatabases: Array<() => Promise<void>> = [];

afterAll(async () => {
  await killAllServers();
  for (const dir of dirs) removeDir(dir);
  for (const drop of dropDatabases) await drop();
});

/** An upload that sends the header and `rows`, then waits, as a file still on its way does. */
function uploadInProgress(server: ServerProcess, token: string, rows: string[]) {
  const query = new URLSearchParams(channelQuery({ fileName: 'cut-short.csv' })).toString();
  const req = request(`${server.baseUrl}/api/imports/apply?${query}`, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}`, 'content-type': 'text/csv' },
    agent: false,
  });
  req.on('error', () => undefined);
  req.write([CHANNEL_HEADER, ...rows].map((line) => `${line}\r\n`).join(''));
  return req;
}

const recentImports = async (server: ServerProcess, token: string) => {
  const res = await httpRequest(server.baseUrl, 'GET', '/api/imports', { token });
  expect(res.status).toBe(200);
  return res.json<PastImport[]>();
};

/**
 * An import is killed with SIGKILL once two of its batches have committed, while the rest of its file is still on
 * its way; after a restart, Recent imports lists it with those two batches, and what they wrote is there.
 */
async function killMidImport(env: Record<string, string>, email: string) {
  const first = await startServer(env);
  const token = await signInAs(first, email);
  // Two batches of 500, and the row that lets the parser give the 1,000th.
  const upload = uploadInProgress(first, token, bookingRows(0, 1001));
  await waitFor('two batches committed', async () => (await recentImports(first, token))[0]?.created === 1000);
  first.child.kill('SIGKILL');
  await first.exited;
  upload.destroy();

  const second = await startServer(env);
  try {
    const [cut] = await recentImports(second, token);
    expect(cut).toMatchObject({ fileName: 'cut-short.csv', created: 1000, updated: 0, cancelled: 0, rejected: 0 });
    // Its last sign of life was just before the kill: it reads as interrupted once a minute has passed without one.
    expect(['running', 'interrupted']).toContain(cut?.status);
    const day = await httpRequest(second.baseUrl, 'GET', '/api/bookings/date/2026-12-03', { token });
    expect(day.json<{ bookings: unknown[] }>().bookings).toHaveLength(1000);
  } finally {
    await stopHard(second);
  }
}

describe('an import killed mid-file', () => {
  it('is listed after a restart with what it committed [pglite]', async () => {
    const dataDir = copyPgliteTemplate();
    dirs.push(dataDir);
    const email = await companyIn(await openEmbedded(dataDir));
    await killMidImport({ DATA_DIR: dataDir, LOG_LEVEL: 'warn', STATIC_DIR: join(dataDir, 'no-web-build') }, email);
  }, 180_000);

  if (process.env.TEST_DATABASE_URL) {
    it('is listed after a restart with what it committed [postgres]', async () => {
      const created = await createPgDatabase(process.env.TEST_DATABASE_URL as string);
      dropDatabases.push(created.drop);
      const email = await companyIn(await openPostgres(created.url, 1));
      const dataDir = mkdtempSync(join(tmpdir(), 'tourdesk-import-crash-'));
      dirs.push(dataDir);
      const env = { DATABASE_URL: created.url, JWT_SECRET: TEST_SECRET, DATA_DIR: dataDir, LOG_LEVEL: 'warn' };
      await killMidImport({ ...env, STATIC_DIR: join(dataDir, 'no-web-build') }, email);
    }, 180_000);
  }
});
