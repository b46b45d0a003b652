import { connect } from 'node:net';
import { gzipSync } from 'node:zlib';
import { eq, sql } from 'drizzle-orm';
import { SignJWT } from 'jose';
import { BODY_LIMIT_BYTES } from '../../server/app';
import { bookings, users } from '../../server/db/schema';
import { NO_PERMISSION } from '../../server/errors';
import { v7 as uuidv7 } from 'uuid';
import { hashPassword } from '../../server/modules/auth/passwords';
import { insertUser } from '../../server/modules/users/users.repository';
import { PASSWORD, TOURS, addBooking, createCompany, type CompanyFixture } from './fixtures';
import { TEST_SECRET, bearer, describeEachDb, login, uniqueEmail, type TestApp } from './helpers';
import { busySessions, eventually } from './sessions';

/**
 * A signed-in GET reads its member in its transaction's first round trip (plugins/auth.ts, plugins/tenancy.ts). These
 * check that the answers and their order are those of the hooks, and that however a request ends, no connection
 * (PostgreSQL) or transaction (PGlite's single connection) is left behind.
 */

const FAR_DAY = '2031-03-03';
const slotUrl = (day: string) => `/api/bookings/date/${day}/10:00/${encodeURIComponent(TOURS[0])}`;
const reportUrl = (field: string) => `/api/bookings/reports/${field}/2026-06-01/2026-06-30/Viator/Old%20Town%20Walk`;
const EXPIRED = { error: 'Your session has expired, please sign in again', code: 'UNAUTHORIZED' };
const FORBIDDEN = { error: NO_PERMISSION, code: 'FORBIDDEN' };

/** Another Manager of the company, signed in, whom a test may delete or sign out. */
async function extraManager(t: TestApp, c: CompanyFixture): Promise<{ id: string; token: string }> {
  const id = uuidv7();
  const email = uniqueEmail('extra');
  await insertUser(t.db, {
    companyId: c.companyId,
    id,
    email,
    name: `Extra ${id.slice(-6)}`,
    role: 'Manager',
    passwordHash: await hashPassword(PASSWORD),
  });
  return { id, token: (await login(t.app, email, PASSWORD)).token };
}

describeEachDb('the request’s transaction', (ctx) => {
  let c: CompanyFixture;
  let bookingId: string;

  beforeAll(async () => {
    const t = ctx();
    c = await createCompany(t.app, t.db);
    bookingId = (await addBooking(t.db, c.companyId, { date: FAR_DAY, time: '10:00', name: 'Far guest' })).id;
  });

  describe('answers in the order of the hooks', () => {
    it('401 to a deleted member on every valid request, read or write, and nothing written', async () => {
      const t = ctx();
      const gone = await extraManager(t, c);
      await t.db.update(users).set({ deletedAt: new Date() }).where(eq(users.id, gone.id));
      for (const request of [
        { url: slotUrl(FAR_DAY) },
        { url: reportUrl('date') },
        { method: 'PATCH' as const, url: `/api/bookings/${bookingId}`, payload: { attendees: [{ Adults: 1 }] } },
      ]) {
        const res = await t.app.inject({ ...request, headers: bearer(gone.token) });
        expect([request.url, res.statusCode, res.json()]).toEqual([request.url, 401, EXPIRED]);
      }
      const [booking] = await t.db.select().from(bookings).where(eq(bookings.id, bookingId));
      expect(booking?.attendedAdults).toBe(0);
    });

    it('a deleted member’s malformed request gets validation’s 400, as anyone’s: the member is read after it', async () => {
      const t = ctx();
      const gone = await extraManager(t, c);
      await t.db.update(users).set({ deletedAt: new Date() }).where(eq(users.id, gone.id));
      const res = await t.app.inject({ url: '/api/bookings/date/not-a-day', headers: bearer(gone.token) });
      expect(res.statusCode).toBe(400);
    });

    it('403 to a Guide on a Manager write before what its body would get', async () => {
      const t = ctx();
      const post = (token: string, headers: Record<string, string>, payload: string) =>
        t.app.inject({ method: 'POST', url: '/api/bookings/fees', headers: { ...bearer(token), ...headers }, payload });
      for (const [headers, payload] of [
        [{ 'content-type': 'application/xml' }, '<day/>'],
        [{ 'content-type': 'application/json' }, '{"day": '],
        [{ 'content-type': 'application/json' }, JSON.stringify({ day: 'not a day' })],
      ] as const) {
        const asGuide = await post(c.guide.token, headers, payload);
        expect([asGuide.statusCode, asGuide.json()]).toEqual([403, FORBIDDEN]);
        expect((await post(c.manager.token, headers, payload)).statusCode).toBeGreaterThanOrEqual(400);
      }
    });

    it('401 to a token whose member changed role since: the next token carries the new one', async () => {
      const t = ctx();
      const demoted = await extraManager(t, c);
      await t.db.update(users).set({ role: 'Guide' }).where(eq(users.id, demoted.id));
      const res = await t.app.inject({ url: '/api/bookings/date/2026-06-15', headers: bearer(demoted.token) });
      expect([res.statusCode, res.json()]).toEqual([401, EXPIRED]);
    });

    it('401 to a token issued before the password changed', async () => {
      const t = ctx();
      const member = await extraManager(t, c);
      await t.db
        .update(users)
        .set({ sessionVersion: sql`${users.sessionVersion} + 1` })
        .where(eq(users.id, member.id));
      const res = await t.app.inject({ url: '/api/bookings/date/2026-06-15', headers: bearer(member.token) });
      expect([res.statusCode, res.json()]).toEqual([401, EXPIRED]);
    });

    it('403 to a Guide on a Manager read before the 400, then 400 to the Manager', async () => {
      const t = ctx();
      const asGuide = await t.app.inject({ url: reportUrl('nonsense'), headers: bearer(c.guide.token) });
      expect([asGuide.statusCode, asGuide.json()]).toEqual([403, FORBIDDEN]);
      const asManager = await t.app.inject({ url: reportUrl('nonsense'), headers: bearer(c.manager.token) });
      expect(asManager.statusCode).toBe(400);
      expect(asManager.json()).toMatchObject({ code: 'VALIDATION', details: [{ path: 'field' }] });
    });

    it('the same validation answer on a read as on a write', async () => {
      const t = ctx();
      const read = await t.app.inject({ url: '/api/bookings/date/2026-02-30', headers: bearer(c.manager.token) });
      const write = await t.app.inject({
        method: 'POST',
        url: '/api/bookings/fees',
        headers: bearer(c.manager.token),
        payload: { day: '2026-02-30' },
      });
      expect(read.statusCode).toBe(400);
      expect(read.json()).toEqual({ ...write.json(), details: [{ ...write.json().details[0], path: 'day' }] });
    });

    it('401 to a token signed with our key whose ids are not uuids (they would travel as SQL literals)', async () => {
      const t = ctx();
      const claims = { sub: "x', 'y') --", company: c.companyId, role: 'Manager', ver: 0, typ: 'access' };
      const token = await new SignJWT(claims)
        .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
        .setIssuedAt()
        .setExpirationTime('10m')
        .sign(new TextEncoder().encode(TEST_SECRET));
      for (const url of [slotUrl(FAR_DAY), '/api/user/guides/company']) {
        const res = await t.app.inject({ url, headers: bearer(token) });
        expect([url, res.statusCode, res.json()]).toEqual([url, 401, EXPIRED]);
      }
    });
  });

  describe('however a request ends', () => {
    const ROUNDS = 8;

    /** Every early answer a signed-in request can get, each with what it must answer. */
    const endings = (): Array<[string, () => Promise<{ statusCode: number }>, number]> => {
      const t = ctx();
      const manager = bearer(c.manager.token);
      const guide = bearer(c.guide.token);
      const patch = (headers: Record<string, string>, payload: string | Buffer) =>
        t.app.inject({
          method: 'PATCH',
          url: `/api/bookings/${bookingId}`,
          headers: { ...manager, ...headers },
          payload,
        });
      return [
        ['no token', () => t.app.inject({ url: slotUrl(FAR_DAY) }), 401],
        ['a token of another key', () => t.app.inject({ url: slotUrl(FAR_DAY), headers: bearer('a.b.c') }), 401],
        ['a Guide on a Manager read', () => t.app.inject({ url: reportUrl('date'), headers: guide }), 403],
        ['a slot hidden from a Guide', () => t.app.inject({ url: slotUrl(FAR_DAY), headers: guide }), 403],
        ['a malformed path', () => t.app.inject({ url: '/api/bookings/date/2026-13-01', headers: manager }), 400],
        [
          'an unknown booking',
          () =>
            t.app.inject({
              method: 'PATCH',
              url: `/api/bookings/${c.companyId}`,
              headers: manager,
              payload: { attendees: [] },
            }),
          404,
        ],
        ['an unknown path', () => t.app.inject({ url: '/api/nothing/here', headers: manager }), 404],
        [
          'a body over the limit',
          () => patch({ 'content-type': 'application/json' }, 'x'.repeat(BODY_LIMIT_BYTES + 1)),
          413,
        ],
        ['a body of an unknown type', () => patch({ 'content-type': 'application/xml' }, '<attendees/>'), 415],
        ['a body that is not JSON', () => patch({ 'content-type': 'application/json' }, '{"attendees": ['), 400],
        // @fastify/compress inflates request bodies in a preParsing hook: this one fails there.
        [
          'a hook that fails',
          () =>
            patch({ 'content-type': 'application/json', 'content-encoding': 'gzip' }, gzipSync('{}').subarray(0, 8)),
          400,
        ],
        [
          'a check-in over the booked guests',
          () => patch({ 'content-type': 'application/json' }, JSON.stringify({ attendees: [{ Adults: 9 }] })),
          400,
        ],
      ];
    };

    /** A slot read that succeeds: proof that no transaction or connection is stuck. */
    async function stillAnswers(t: TestApp): Promise<void> {
      // More reads than the pool has connections, at once: a leaked one would leave some waiting for ever.
      const answers = await Promise.all(
        Array.from({ length: 6 }, () => t.app.inject({ url: slotUrl(FAR_DAY), headers: bearer(c.manager.token) })),
      );
      expect(answers.map((res) => res.statusCode)).toEqual(Array(6).fill(200));
      await eventually(async () => (await busySessions(t.database)) === 0, 'no session left busy');
    }

    it('answers each early ending as before, many times over, and leaves nothing open', async () => {
      const t = ctx();
      for (let round = 0; round < ROUNDS; round++) {
        const answers = await Promise.all(endings().map(async ([name, send]) => [name, (await send()).statusCode]));
        expect(answers).toEqual(endings().map(([name, , status]) => [name, status]));
      }
      await stillAnswers(t);
    });

    it('leaves nothing open when clients hang up mid-body or before their answer', async () => {
      const t = ctx();
      const address = await t.app.listen({ host: '127.0.0.1', port: 0 });
      const port = Number(new URL(address).port);
      const hangUp = (head: string, body: string) =>
        new Promise<void>((resolve, reject) => {
          const socket = connect(port, '127.0.0.1', () => {
            socket.write(head + body, () => {
              socket.destroy();
              resolve();
            });
          });
          socket.on('error', reject);
        });
      const auth = `Authorization: Bearer ${c.manager.token}\r\n`;
      const half = `PATCH /api/bookings/${bookingId} HTTP/1.1\r\nHost: x\r\n${auth}Content-Type: application/json\r\nContent-Length: 200\r\n\r\n`;
      const read = `GET ${slotUrl(FAR_DAY)} HTTP/1.1\r\nHost: x\r\n${auth}\r\n`;
      const guideRead = `GET ${reportUrl('date')} HTTP/1.1\r\nHost: x\r\nAuthorization: Bearer ${c.guide.token}\r\n\r\n`;
      for (let round = 0; round < ROUNDS; round++) {
        await Promise.all([hangUp(half, '{"attendees": ['), hangUp(read, ''), hangUp(guideRead, ''), hangUp(read, '')]);
      }
      await stillAnswers(t);
      const res = await fetch(`${address}${slotUrl(FAR_DAY)}`, { headers: bearer(c.manager.token) });
      expect(res.status).toBe(200);
    });
  });
});
