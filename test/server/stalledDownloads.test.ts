import { get, type IncomingMessage } from 'node:http';
import type { AddressInfo, Socket } from 'node:net';
import { sql } from 'drizzle-orm';
import { encodeNameList } from '../../src/domain/reports';
import { addBooking, createCompany, SOURCES, TOURS, type CompanyFixture } from './fixtures';
import { bearer, createTestApp, DB_KINDS, type TestApp } from './helpers';
import { busySessions, eventually } from './sessions';

const EXPORTS_PER_COMPANY = 3;
// Long enough that the calls made while the downloads stall are answered before the server ends them, however
// busy the machine.
const STALL_TIMEOUT_MS = 5_000;
const ROWS = 50_000;
const csvPath = `/api/bookings/reports/date/2026-08-01/2026-08-31/${encodeURIComponent(encodeNameList([...SOURCES]))}/${encodeURIComponent(encodeNameList([...TOURS]))}?format=csv`;

/** A download that reads its first bytes and then stops reading, as a phone that lost its network would. */
function stalledDownload(port: number, token: string): Promise<{ response: IncomingMessage; closed: Promise<void> }> {
  return new Promise((resolve, reject) => {
    get(`http://127.0.0.1:${port}${csvPath}`, { headers: bearer(token) }, (response) => {
      const closed = new Promise<void>((done) => response.socket.once('close', () => done()));
      if (response.statusCode !== 200) {
        response.resume();
        resolve({ response, closed });
        return;
      }
      response.once('data', () => {
        response.pause();
        resolve({ response, closed });
      });
    }).on('error', reject);
  });
}

/** A whole download, read to the end: its number of lines. */
async function fullDownload(port: number, token: string): Promise<number> {
  const response = await new Promise<IncomingMessage>((resolve, reject) => {
    get(`http://127.0.0.1:${port}${csvPath}`, { headers: bearer(token) }, resolve).on('error', reject);
  });
  expect(response.statusCode).toBe(200);
  let lines = 0;
  for await (const chunk of response as AsyncIterable<Buffer>) {
    for (let at = chunk.indexOf(10); at !== -1; at = chunk.indexOf(10, at + 1)) lines++;
  }
  return lines;
}

describe.each(DB_KINDS)('stalled CSV downloads [%s]', (kind) => {
  let t: TestApp;
  let a: CompanyFixture;
  let b: CompanyFixture;
  let port: number;
  const sockets: Socket[] = [];

  beforeAll(async () => {
    t = await createTestApp(kind, {
      exportsPerCompany: EXPORTS_PER_COMPANY,
      exportStallTimeoutMs: STALL_TIMEOUT_MS,
    });
    a = await createCompany(t.app, t.db);
    b = await createCompany(t.app, t.db);
    // About 15 MB of CSV, more than the sockets on both ends of a loopback connection buffer: long names, so that
    // few rows (which are what take the time to write and read) fill it.
    await t.db.execute(sql`
      insert into bookings (company_id, id, booking_id, reference, name, date, time, tour, source, adults, pax)
      select ${a.companyId}::uuid, gen_random_uuid(), 'GYG-' || g, 'R' || g, 'Guest number ' || g || repeat(' and family', 24), date '2026-08-01' + g % 28,
        '10:00', 'Old Town Walk', 'Viator', 2, 2
      from generate_series(1, ${ROWS}) g`);
    await addBooking(t.db, b.companyId, { date: '2026-08-03', time: '10:00', name: 'Other company guest' });
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    t.app.server.on('connection', (socket: Socket) => sockets.push(socket));
    port = (t.app.server.address() as AddressInfo).port;
  }, 120_000);

  afterAll(async () => {
    await t?.close();
  }, 60_000);

  it('refuses downloads past the per-company limit with 429, keeps serving others, and ends the stalled ones', async () => {
    const downloads = await Promise.all(Array.from({ length: 12 }, () => stalledDownload(port, a.manager.token)));
    const statuses = downloads.map((d) => d.response.statusCode);
    expect(statuses.filter((s) => s === 200)).toHaveLength(EXPORTS_PER_COMPANY);
    expect(statuses.filter((s) => s === 429)).toHaveLength(12 - EXPORTS_PER_COMPANY);
    const refused = downloads.find((d) => d.response.statusCode === 429)!.response;
    expect(refused.headers['retry-after']).toBe('10');

    const ended = downloads.filter((d) => d.response.statusCode === 200);
    const ports = new Set(ended.map((d) => d.response.socket.localPort));
    const serverSide = sockets.filter((socket) => ports.has(socket.remotePort));
    expect(serverSide).toHaveLength(EXPORTS_PER_COMPANY);

    // Another company, and the same company's other calls, are served while the downloads stall: before the server
    // has ended any of them (a call waiting on a stalled download would be answered only once it was ended).
    const day = await t.app.inject({ url: '/api/bookings/date/2026-08-03', headers: bearer(b.manager.token) });
    expect(day.statusCode).toBe(200);
    const own = await t.app.inject({ url: '/api/bookings/date/2026-08-03', headers: bearer(a.manager.token) });
    expect(own.statusCode).toBe(200);
    expect(serverSide.filter((socket) => socket.destroyed)).toHaveLength(0);
    // No database session waits on them (a batch being read may still be finishing).
    if (kind === 'postgres') await eventually(async () => (await busySessions(t.database)) === 0);

    // The server ends each stalled download once it has taken nothing for the stall timeout …
    await eventually(
      () => serverSide.every((socket) => socket.destroyed),
      'stalled downloads ended',
      3 * STALL_TIMEOUT_MS,
    );
    // … and the client, reading again, finds the download cut short.
    for (const d of ended) d.response.resume();
    await Promise.all(ended.map((d) => d.closed));
    expect(ended.some((d) => d.response.complete)).toBe(false);
    // … which frees the company's downloads: a whole one now arrives, every row.
    expect(await fullDownload(port, a.manager.token)).toBe(ROWS + 1);
  }, 60_000);
});

if (DB_KINDS.includes('postgres')) {
  describe('no free database connection [postgres]', () => {
    it('answers 503 with Retry-After after the checkout timeout instead of hanging, then serves again', async () => {
      const t = await createTestApp('postgres', { poolSize: 2, poolTimeoutMs: 300 });
      try {
        const c = await createCompany(t.app, t.db);
        const hold = () => t.database.db.transaction((tx) => tx.execute(sql`select pg_sleep(2)`));
        const held = [hold(), hold()];
        await eventually(async () => (await busySessions(t.database)) === 2);
        const busy = await t.app.inject({ url: '/api/bookings/date/2026-08-03', headers: bearer(c.manager.token) });
        expect(busy.statusCode).toBe(503);
        expect(busy.headers['retry-after']).toBe('2');
        expect(busy.json()).toEqual({ error: 'Tourdesk is busy, please try again in a moment', code: 'UNAVAILABLE' });
        await Promise.all(held);
        const served = await t.app.inject({ url: '/api/bookings/date/2026-08-03', headers: bearer(c.manager.token) });
        expect(served.statusCode).toBe(200);
      } finally {
        await t.close();
      }
    }, 30_000);
  });
}
