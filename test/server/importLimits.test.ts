import { request } from 'node:http';
import type { AddressInfo } from 'node:net';
import { Readable } from 'node:stream';
import { and, eq, sql } from 'drizzle-orm';
import { bookings } from '../../server/db/schema';
import { createCompany, type CompanyFixture } from './fixtures';
import { bearer, createTestApp, DB_KINDS, type TestApp } from './helpers';
import { bookingRows, channelQuery, CHANNEL_HEADER, csvOf, sendImport, streamImport } from './importRequests';
import { eventually } from './sessions';

const IMPORTS_PER_COMPANY = 2;
const STALL_TIMEOUT_MS = 1_000;

const bookingCount = async (t: TestApp, c: CompanyFixture) => {
  const [row] = await t.db
    .select({ n: sql<number>`count(*)::int` })
    .from(bookings)
    .where(and(eq(bookings.companyId, c.companyId), sql`${bookings.bookingId} like 'B-%'`));
  return Number(row?.n);
};

/** A file as an upload arrives: in parts of 64 KiB, each read once the server has taken the one before. */
const inParts = (text: string) =>
  Readable.from(
    Array.from({ length: Math.ceil(text.length / 65_536) }, (_, i) => text.slice(i * 65_536, (i + 1) * 65_536)),
  );

describe.each(DB_KINDS)('what one company’s imports may cost [%s]', (kind) => {
  let t: TestApp;
  let a: CompanyFixture;
  let b: CompanyFixture;
  beforeAll(async () => {
    t = await createTestApp(kind, { importsPerCompany: IMPORTS_PER_COMPANY });
    a = await createCompany(t.app, t.db);
    b = await createCompany(t.app, t.db);
  }, 60_000);
  afterAll(async () => {
    await t?.close();
  });

  it('runs at most IMPORTS_PER_COMPANY previews and imports of a company at once: one more is answered 429', async () => {
    const running = [streamImport(t.app, a.manager.token, 'apply'), streamImport(t.app, a.manager.token, 'apply')];
    running[0]!.send(...bookingRows(0, 501));
    running[1]!.send(...bookingRows(1000, 501));
    await eventually(async () => (await bookingCount(t, a)) === 1000, 'both imports under way');
    const refused = await sendImport(t.app, a.manager.token, 'preview', csvOf(...bookingRows(0, 1)));
    expect(refused.res.statusCode).toBe(429);
    expect(refused.res.headers['retry-after']).toBe('10');
    expect(refused.res.json()).toEqual({
      error: 'Too many imports and previews at once, please wait for one to finish',
      code: 'IMPORT_LIMIT',
    });
    // Another company imports meanwhile.
    expect((await sendImport(t.app, b.manager.token, 'apply', csvOf(...bookingRows(0, 1)))).summary.counts.create).toBe(
      1,
    );

    running[0]!.end();
    expect((await running[0]!.answer).summary.counts.create).toBe(501);
    // Its place came back.
    const next = await sendImport(t.app, a.manager.token, 'preview', csvOf(...bookingRows(0, 1)));
    expect(next.summary.rows).toBe(1);
    running[1]!.end();
    expect((await running[1]!.answer).summary.counts.create).toBe(501);
  });

  it('reports progress as the file is read, even when every row is refused', async () => {
    // 400 rows of 5 kB, each refused for its name: no booking to run, 2 MB to read.
    const rows = Array.from(
      { length: 400 },
      (_, i) => `L-${i};${'x'.repeat(5000)};03/12/2026;11:00;Old Town Walk;2;0;`,
    );
    const file = csvOf(...rows);
    const { lines, summary } = await sendImport(t.app, a.manager.token, 'preview', inParts(file));
    expect(summary.counts).toMatchObject({ reject: 400 });
    const progress = lines.flatMap((line) => (line.type === 'progress' ? [line] : []));
    // One line a MiB as it is read (the rows are refused, so no batch has run yet), then one at its end.
    expect(progress.filter((line) => line.bytes < file.length).length).toBeGreaterThanOrEqual(1);
    expect(progress.at(-1)).toEqual({ type: 'progress', rows: 400, bytes: file.length });
    const bytes = progress.map((line) => line.bytes);
    expect(bytes).toEqual([...bytes].sort((x, y) => x - y));
  });

  it('offers no tour name longer than another name may be, and counts a bounded number of names', async () => {
    const long = `Tour ${'n'.repeat(150)}`;
    const distinct = Array.from({ length: 1000 }, (_, i) => `N-${i};Ana;03/12/2026;11:00;Product ${i};2;0;`);
    const late = Array.from({ length: 3 }, (_, i) => `M-${i};Ben;03/12/2026;11:00;Late Product;2;0;`);
    const longRows = Array.from({ length: 5 }, (_, i) => `O-${i};Cy;03/12/2026;11:00;${long};2;0;`);
    const { summary } = await sendImport(t.app, a.manager.token, 'preview', csvOf(...longRows, ...distinct, ...late));
    expect(summary.counts.reject).toBe(1008);
    expect(summary.unknownTours).toHaveLength(50);
    const names = summary.unknownTours.map((tour) => tour.name);
    expect(names).not.toContain(long);
    // The thousand names met first fill the tally: one met after them is not counted.
    expect(names).not.toContain('Late Product');
  });
});

// Its own app: an in-process call (inject) counts the stall timeout until its answer's first line, however busy.
describe.each(DB_KINDS)('a stalled upload [%s]', (kind) => {
  let t: TestApp;
  let a: CompanyFixture;
  beforeAll(async () => {
    t = await createTestApp(kind, { importsPerCompany: IMPORTS_PER_COMPANY, importStallTimeoutMs: STALL_TIMEOUT_MS });
    a = await createCompany(t.app, t.db);
  }, 60_000);
  afterAll(async () => {
    await t?.close();
  });

  it('ends an upload that stalls, and gives its place back', async () => {
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    const { port } = t.app.server.address() as AddressInfo;
    /** An upload that sends a batch of rows, then a row every 200 ms until it stalls. */
    const upload = () => {
      const query = new URLSearchParams(channelQuery()).toString();
      const req = request(`http://127.0.0.1:${port}/api/imports/preview?${query}`, {
        method: 'POST',
        headers: { ...bearer(a.manager.token), 'content-type': 'text/csv' },
        agent: false,
      });
      const rows = setInterval(() => req.write(`${bookingRows(0, 1)[0]}\r\n`), 200);
      const sending = { status: 0, closed: false, req, rows };
      req.on('error', () => undefined);
      // The answer starts with the first batch's progress line: the upload holds its place.
      req.on('response', (res) => (sending.status = res.statusCode ?? 0));
      req.on('close', () => (sending.closed = true));
      // A batch, whose progress line starts the answer.
      req.write([CHANNEL_HEADER, ...bookingRows(0, 501)].map((line) => `${line}\r\n`).join(''));
      return sending;
    };
    const uploads = [upload(), upload()];
    try {
      const preview = () => sendImport(t.app, a.manager.token, 'preview', csvOf(...bookingRows(0, 1)));
      await eventually(() => uploads.every(({ status }) => status === 200), 'both uploads under way');
      expect((await preview()).res.statusCode).toBe(429);
      for (const { rows } of uploads) clearInterval(rows);
      await eventually(() => uploads.every(({ closed }) => closed), 'the stalled uploads ended by the server');
      expect((await preview()).summary.rows).toBe(1);
    } finally {
      for (const { req, rows } of uploads) {
        clearInterval(rows);
        req.destroy();
      }
    }
  });
});
