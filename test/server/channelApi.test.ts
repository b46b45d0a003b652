import { eq, sql } from 'drizzle-orm';
import { v7 as uuidv7 } from 'uuid';
import { apiKeys, bookings, events } from '../../server/db/schema';
import { newBookingReference } from '../../server/modules/bookings/bookingReferences';
import { addBooking, createCompany, type CompanyFixture } from './fixtures';
import { bearer, createTestApp, DB_KINDS, describeEachDb, type TestApp } from './helpers';

/** Years ahead: a departure that has started takes no channel bookings (channelSeats.test.ts). */
const DAY = '2036-07-01';
const booking = (overrides: Record<string, unknown> = {}) => ({
  name: 'Ana Viator',
  date: DAY,
  time: '10:00',
  tour: 'Old Town Walk',
  phone: '+34 600 111 222',
  adults: 2,
  children: 1,
  ...overrides,
});

const put = (t: TestApp, key: string, ref: string, payload: Record<string, unknown>, source = 'Viator') =>
  t.app.inject({ method: 'PUT', url: `/api/v1/bookings/${source}/${ref}`, headers: bearer(key), payload });

const eventsOf = (t: TestApp, id: string) =>
  t.db
    .select()
    .from(events)
    .where(sql`${id} = any(${events.bookingIds})`);

describeEachDb('the channel API', (ctx) => {
  let c: CompanyFixture;
  beforeAll(async () => {
    c = await createCompany(ctx().app, ctx().db);
  });

  it('creates a booking by its channel reference, and the same request again changes nothing', async () => {
    const t = ctx();
    const created = await put(t, c.apiKey, 'V-1001', booking());
    expect(created.statusCode).toBe(201);
    expect(created.json()).toMatchObject({ bookingId: 'V-1001', source: 'Viator', pax: 3, manual: false });
    const id = created.json()._id as string;
    const again = await put(t, c.apiKey, 'V-1001', booking());
    expect(again.statusCode).toBe(200);
    expect(again.json()).toEqual(created.json());
    const logged = await eventsOf(t, id);
    expect(logged.map((e) => [e.kind, e.memberName, e.memberId])).toEqual([['booking.added', 'API key Viator', null]]);
  });

  it('updates a changed booking, keeps its check-ins, and refuses counts below them', async () => {
    const t = ctx();
    const id = (await put(t, c.apiKey, 'V-1002', booking())).json()._id as string;
    await t.db.update(bookings).set({ attendedAdults: 2 }).where(eq(bookings.id, id));
    const changed = await put(t, c.apiKey, 'V-1002', booking({ name: 'Ana María', children: 0 }));
    expect(changed.statusCode).toBe(200);
    expect(changed.json()).toMatchObject({ name: 'Ana María', pax: 2, attendees: [{ Adults: 2 }] });
    const fewer = await put(t, c.apiKey, 'V-1002', booking({ name: 'Ana María', adults: 1, children: 0 }));
    expect(fewer.statusCode).toBe(409);
    expect(fewer.json()).toMatchObject({ code: 'COUNTS_BELOW_CHECKED_IN', error: expect.stringMatching(/^adults: /) });
    const kinds = (await eventsOf(t, id)).map((e) => e.kind).sort();
    expect(kinds).toEqual(['booking.added', 'booking.changeRefused', 'booking.edited']);
  });

  it('cancels by DELETE (or a cancelled body), and a cancelled booking is not reopened', async () => {
    const t = ctx();
    await put(t, c.apiKey, 'V-1003', booking());
    const del = await t.app.inject({
      method: 'DELETE',
      url: '/api/v1/bookings/Viator/V-1003',
      headers: bearer(c.apiKey),
    });
    expect(del.statusCode).toBe(200);
    expect(del.json()).toMatchObject({ cancelled: true });
    const reopen = await put(t, c.apiKey, 'V-1003', booking());
    expect(reopen.statusCode).toBe(409);
    expect(reopen.json()).toMatchObject({ code: 'CANCELLED' });
    await put(t, c.apiKey, 'V-1004', booking());
    const viaBody = await put(t, c.apiKey, 'V-1004', booking({ cancelled: true, name: 'Someone else' }));
    // Cancelled as it was: a cancellation changes nothing else.
    expect([viaBody.statusCode, viaBody.json()]).toEqual([
      200,
      expect.objectContaining({ cancelled: true, name: 'Ana Viator' }),
    ]);
    const neverBooked = await put(t, c.apiKey, 'V-1007', booking({ cancelled: true }));
    expect([neverBooked.statusCode, neverBooked.json().code]).toEqual([404, 'NOT_FOUND']);
    const unknown = await t.app.inject({
      method: 'DELETE',
      url: '/api/v1/bookings/Viator/NOPE',
      headers: bearer(c.apiKey),
    });
    expect(unknown.statusCode).toBe(404);
  });

  it("takes a tour by one of its other names and books it under the tour's own name", async () => {
    const t = ctx();
    await t.app.inject({
      method: 'PATCH',
      url: `/api/company/${c.companyId}/tours/${c.tourIds['Old Town Walk']}`,
      headers: bearer(c.manager.token),
      payload: { aliases: ['Madrid: Old Town on Foot'] },
    });
    const created = await put(t, c.apiKey, 'V-1006', booking({ tour: 'MADRID: old town on foot' }));
    expect(created.statusCode).toBe(201);
    expect(created.json()).toMatchObject({ tour: 'Old Town Walk' });
    const again = await put(t, c.apiKey, 'V-1006', booking({ tour: 'old town walk' }));
    expect([again.statusCode, again.json()]).toEqual([200, created.json()]);
  });

  it('tells apart tours whose names differ only by a letter that case folding would merge (I and İ)', async () => {
    const t = ctx();
    for (const label of ['Istanbul Walk', 'İstanbul Walk']) {
      await t.app.inject({
        method: 'POST',
        url: `/api/company/${c.companyId}/tours`,
        headers: bearer(c.manager.token),
        payload: { label },
      });
      const res = await put(t, c.apiKey, `V-${label.charCodeAt(0)}`, booking({ tour: label }));
      expect([res.statusCode, res.json().tour]).toEqual([201, label]);
    }
  });

  it('names the field of a bad booking, without echoing names another company might use', async () => {
    const t = ctx();
    const tour = await put(t, c.apiKey, 'V-1005', booking({ tour: 'Secret Tour' }));
    expect(tour.statusCode).toBe(400);
    expect(tour.json()).toEqual({
      error: "tour: not one of this company's tours (Settings › Tours)",
      code: 'UNKNOWN_TOUR',
    });
    // A source the key does not reach is no booking of it, whether the company has the source or not.
    const source = await put(t, c.apiKey, 'V-1005', booking(), 'Nowhere');
    expect([source.statusCode, source.json().code]).toEqual([404, 'NOT_FOUND']);
    const empty = await put(t, c.apiKey, 'V-1005', booking({ adults: 0, children: 0 }));
    expect(empty.statusCode).toBe(400);
    expect(empty.json().error).toMatch(/^adults: /);
  });

  it('lists the changes since a time, oldest first, once they are 30 seconds old', async () => {
    const t = ctx();
    const since = new Date(Date.now() - 120_000).toISOString();
    await put(t, c.apiKey, 'V-2001', booking({ name: 'First' }));
    await put(t, c.apiKey, 'V-2002', booking({ name: 'Second' }));
    const list = async () => {
      const res = await t.app.inject({
        url: `/api/v1/bookings?since=${encodeURIComponent(since)}`,
        headers: bearer(c.apiKey),
      });
      expect([res.statusCode, res.json().next]).toEqual([200, null]);
      return (res.json().changes as Array<{ booking: { name: string } }>).map((change) => change.booking.name);
    };
    // Just written: a transaction that began before them may still commit rows stamped earlier.
    expect(await list()).not.toContain('First');
    await t.db
      .update(bookings)
      .set({ updatedAt: sql`${bookings.updatedAt} - interval '31 seconds'` })
      .where(eq(bookings.companyId, c.companyId));
    expect((await list()).slice(-2)).toEqual(['First', 'Second']);
  });

  it('pages through changes that share one time (an import batch) once each, and ends', async () => {
    const t = ctx();
    const fresh = await createCompany(t.app, t.db);
    const rows = Array.from({ length: 501 }, (_, i) => ({
      companyId: fresh.companyId,
      id: uuidv7(),
      reference: newBookingReference(),
      bookingId: `B-${i}`,
      name: `Guest ${i}`,
      date: DAY,
      time: '10:00',
      tour: 'Old Town Walk',
      source: 'Viator',
      adults: 1,
      pax: 1,
      // One statement: one now() for every row (microseconds, as PostgreSQL's clock gives them), a minute ago.
      updatedAt: sql`now() - interval '1 minute'`,
    }));
    await t.db.insert(bookings).values(rows);
    const seen: string[] = [];
    let url: string | null = '/api/v1/bookings?since=2000-01-01T00:00:00Z';
    for (let page = 0; url && page < 5; page++) {
      const res = await t.app.inject({ url, headers: bearer(fresh.apiKey) });
      expect(res.statusCode).toBe(200);
      seen.push(...(res.json().changes as Array<{ booking: { _id: string } }>).map((change) => change.booking._id));
      url = res.json().next as string | null;
    }
    expect(url).toBeNull();
    expect(seen.sort()).toEqual(rows.map((row) => row.id).sort());
  });
});

describeEachDb('API keys', (ctx) => {
  let a: CompanyFixture;
  let b: CompanyFixture;
  beforeAll(async () => {
    a = await createCompany(ctx().app, ctx().db);
    b = await createCompany(ctx().app, ctx().db);
  });

  const create = (t: TestApp, token: string, name: string, sources = ['Viator']) =>
    t.app.inject({ method: 'POST', url: '/api/company/api-keys', headers: bearer(token), payload: { name, sources } });

  it('are made by a Manager, shown once and stored only as a hash', async () => {
    const t = ctx();
    const made = await create(t, a.manager.token, 'Channel manager');
    expect(made.statusCode).toBe(201);
    const { key, secret } = made.json() as { key: { _id: string; prefix: string }; secret: string };
    expect(secret.startsWith(key.prefix)).toBe(true);
    const [row] = await t.db.select().from(apiKeys).where(eq(apiKeys.id, key._id));
    expect(JSON.stringify(row)).not.toContain(secret.split('_').at(-1));
    const list = await t.app.inject({ url: '/api/company/api-keys', headers: bearer(a.manager.token) });
    expect(list.body).not.toContain(secret);
    expect(list.json()).toEqual(
      expect.arrayContaining([expect.objectContaining({ name: 'Channel manager', sources: ['Viator'] })]),
    );
    expect((await create(t, a.manager.token, 'channel MANAGER')).statusCode).toBe(409);
    expect((await create(t, a.guide.token, 'Mine')).statusCode).toBe(403);
    // The new key works, and its use is shown.
    expect((await put(t, secret, 'K-1', booking())).statusCode).toBe(201);
    const used = await t.app.inject({ url: '/api/company/api-keys', headers: bearer(a.manager.token) });
    const listed = (used.json() as Array<{ _id: string; lastUsedAt: string | null }>).find((k) => k._id === key._id);
    expect(listed?.lastUsedAt).not.toBeNull();
  });

  it('stop at once when revoked', async () => {
    const t = ctx();
    const { key, secret } = (await create(t, a.manager.token, 'Old website')).json();
    const revoked = await t.app.inject({
      method: 'DELETE',
      url: `/api/company/api-keys/${key._id}`,
      headers: bearer(a.manager.token),
    });
    expect(revoked.json()).toMatchObject({ revokedAt: expect.any(String) });
    expect((await put(t, secret, 'K-2', booking())).statusCode).toBe(401);
  });

  it("reach only their company's bookings and only the channel routes", async () => {
    const t = ctx();
    const theirs = await addBooking(t.db, b.companyId, {
      date: DAY,
      time: '10:00',
      source: 'Viator',
      bookingId: 'B-1',
    });
    const del = await t.app.inject({ method: 'DELETE', url: '/api/v1/bookings/Viator/B-1', headers: bearer(a.apiKey) });
    expect(del.statusCode).toBe(404);
    const [row] = await t.db.select().from(bookings).where(eq(bookings.id, theirs.id));
    expect(row?.cancelled).toBe(false);
    for (const url of ['/api/company', '/api/user/users/company', `/api/bookings/date/${DAY}`]) {
      const res = await t.app.inject({ url, headers: bearer(a.apiKey) });
      expect(res.statusCode).toBe(401);
      // Said for the channel's developer, not as a member's expired session.
      expect(res.json()).toEqual({
        error:
          'An API key opens the channel API only (/api/v1/bookings); this route needs a member’s access token from POST /auth',
        code: 'API_KEY_NOT_ACCEPTED',
      });
    }
    // A member's token is no key.
    expect((await put(t, a.manager.token, 'K-3', booking())).statusCode).toBe(401);
    // A key naming another company, or with a wrong secret, is refused.
    const forged = a.apiKey.replace(a.companyId.replaceAll('-', ''), b.companyId.replaceAll('-', ''));
    expect((await put(t, forged, 'K-4', booking())).statusCode).toBe(401);
    expect((await put(t, `${a.apiKey.slice(0, -4)}AAAA`, 'K-5', booking())).statusCode).toBe(401);
  });
});

describe('the channel API rate limit', () => {
  it('answers 429 once a key has made its calls for the minute', async () => {
    const t = await createTestApp(DB_KINDS[0]!, { channelRateLimit: 3 });
    try {
      const c = await createCompany(t.app, t.db);
      const statuses: number[] = [];
      for (let i = 0; i < 4; i++) {
        const res = await t.app.inject({
          url: '/api/v1/bookings?since=2026-01-01T00:00:00Z',
          headers: bearer(c.apiKey),
        });
        statuses.push(res.statusCode);
      }
      expect(statuses).toEqual([200, 200, 200, 429]);
    } finally {
      await t.close();
    }
  });
});
