import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { and, eq, sql } from 'drizzle-orm';
import { apiKeys, bookings, events } from '../../server/db/schema';
import { newApiKey } from '../../server/lib/apiKeySecret';
import { addBooking, createCompany, editBooking, type CompanyFixture } from './fixtures';
import { bookingRow, cancelChannelBooking, putChannelBooking } from './channelRequests';
import { bearer, createTestApp, DB_KINDS, describeEachDb, type TestApp } from './helpers';

/** Years ahead: a departure that has started takes no channel bookings. */
const DAY = '2036-07-01';
const body = (overrides: Record<string, unknown> = {}) => ({
  name: 'Ana Viator',
  date: DAY,
  time: '11:45',
  tour: 'Old Town Walk',
  phone: '+34 600 111 222',
  adults: 2,
  ...overrides,
});

const put = (t: TestApp, key: string, source: string, ref: string, payload = body()) =>
  putChannelBooking(t, key, source, ref, payload);
/** The channel's change list, with every change of the company settled (older than the list's 30 seconds). */
async function changes(t: TestApp, c: CompanyFixture, key = c.apiKey) {
  await t.db
    .update(bookings)
    .set({ updatedAt: sql`${bookings.updatedAt} - interval '1 minute'` })
    .where(eq(bookings.companyId, c.companyId));
  const res = await t.app.inject({ url: '/api/v1/bookings?since=2000-01-01T00:00:00Z', headers: bearer(key) });
  expect(res.statusCode).toBe(200);
  return (res.json().changes as Array<{ booking: Record<string, unknown> }>).map((change) => change.booking);
}

/** A key as one made before keys had sources: none. */
async function olderKey(t: TestApp, c: CompanyFixture, name: string) {
  const key = newApiKey(c.companyId);
  await t.db
    .insert(apiKeys)
    .values({ companyId: c.companyId, id: key.id, name, prefix: key.prefix, secretHash: key.secretHash });
  return key;
}

describeEachDb("a channel key and its sources' bookings", (ctx) => {
  let c: CompanyFixture;
  beforeAll(async () => {
    c = await createCompany(ctx().app, ctx().db);
  });

  it("reads and writes only its sources' bookings: another source's answers 404 and stays as it was", async () => {
    const t = ctx();
    const other = await addBooking(t.db, c.companyId, {
      date: DAY,
      time: '10:00',
      source: 'Walkin',
      bookingId: 'G-1',
      phone: '+34 699 000 001',
    });
    expect((await cancelChannelBooking(t, c.apiKey, 'Walkin', 'G-1')).statusCode).toBe(404);
    const rename = await put(t, c.apiKey, 'Walkin', 'G-1', body({ name: 'Taken over' }));
    expect([rename.statusCode, rename.json().code]).toEqual([404, 'NOT_FOUND']);
    expect(await bookingRow(t, other.id)).toMatchObject({ cancelled: false, name: other.name });
    expect((await put(t, c.apiKey, 'Viator', 'V-OWN')).statusCode).toBe(201);
    const listed = await changes(t, c);
    expect(listed.map((b) => b.bookingId)).toContain('V-OWN');
    expect(listed.map((b) => b.source)).toEqual(listed.map(() => 'Viator'));
    expect(JSON.stringify(listed)).not.toContain('+34 699 000 001');
  });

  it('reads back a phone it sent, and no other: not one a file or a member wrote', async () => {
    const t = ctx();
    const sent = await put(t, c.apiKey, 'Viator', 'V-PHONE');
    expect(sent.json()).toMatchObject({ phone: '+34 600 111 222' });
    const imported = await addBooking(t.db, c.companyId, {
      date: DAY,
      time: '10:00',
      source: 'Viator',
      bookingId: 'V-FILE',
      phone: '+34 611 222 333',
    });
    const byRef = async () => new Map((await changes(t, c)).map((b) => [b.bookingId, b]));
    let listed = await byRef();
    expect(listed.get('V-PHONE')).toMatchObject({ phone: '+34 600 111 222' });
    expect(listed.get('V-FILE')).not.toHaveProperty('phone');
    // A phone the Manager writes is no longer the channel's.
    const id = sent.json()._id as string;
    const edited = await editBooking(
      t.app,
      c.manager.token,
      id,
      { phone: '+34 622 333 444', name: 'Ana Viator' },
      {
        day: DAY,
        version: 1,
      },
    );
    expect(edited.statusCode).toBe(200);
    listed = await byRef();
    expect(listed.get('V-PHONE')).not.toHaveProperty('phone');
    expect(JSON.stringify([...listed.values()])).not.toMatch(/\+34 6(11 222 333|22 333 444)/);
    // Sent again by the channel, it is the channel's once more.
    expect((await put(t, c.apiKey, 'Viator', 'V-PHONE')).json()).toMatchObject({ phone: '+34 600 111 222' });
    expect(imported.phoneFromChannel).toBe(false);
  });

  it('is made for sources, named as Settings names them, and keeps them when a source is renamed', async () => {
    const t = ctx();
    const fresh = await createCompany(t.app, t.db);
    const create = (payload: Record<string, unknown>) =>
      t.app.inject({ method: 'POST', url: '/api/company/api-keys', headers: bearer(fresh.manager.token), payload });
    const made = await create({ name: 'Channel manager', sources: ['viator', 'Walkin', 'Viator'] });
    expect(made.statusCode).toBe(201);
    expect(made.json().key.sources).toEqual(['Walkin', 'Viator']);
    expect(await create({ name: 'Nowhere key', sources: ['Nowhere'] })).toMatchObject({ statusCode: 400 });
    expect((await create({ name: 'Nowhere key', sources: ['Nowhere'] })).json()).toMatchObject({
      code: 'UNKNOWN_SOURCE',
      error: expect.stringMatching(/^sources: /),
    });
    const none = await create({ name: 'No sources', sources: [] });
    expect([none.statusCode, none.json().code]).toEqual([400, 'VALIDATION']);
    expect((await create({ name: 'Unsaid' })).statusCode).toBe(400);

    await t.app.inject({
      method: 'PATCH',
      url: `/api/company/${fresh.companyId}/sources/${fresh.sourceIds.Viator}`,
      headers: bearer(fresh.manager.token),
      payload: { label: 'Viator Partners' },
    });
    const list = await t.app.inject({ url: '/api/company/api-keys', headers: bearer(fresh.manager.token) });
    const key = (list.json() as Array<{ name: string; sources: string[] }>).find((k) => k.name === 'Channel manager');
    expect(key?.sources).toEqual(['Walkin', 'Viator Partners']);
    const secret = made.json().secret as string;
    expect((await put(t, secret, 'Viator Partners', 'VP-1')).statusCode).toBe(201);
    const created = await t.db.select().from(events).where(eq(events.companyId, fresh.companyId));
    expect(created.find((e) => e.kind === 'channel.keyCreated')?.after).toMatchObject({ Sources: 'Walkin, Viator' });
  });

  it('refuses an older key without sources (403) until a Manager picks them, once', async () => {
    const t = ctx();
    const older = await olderKey(t, c, 'Channel manager 2019');
    const refused = await put(t, older.key, 'Viator', 'V-OLD');
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toEqual({
      error: 'This API key has no sources yet: a Manager picks them in Settings › Channel API keys',
      code: 'API_KEY_NO_SOURCES',
    });
    const list = await t.app.inject({ url: '/api/company/api-keys', headers: bearer(c.manager.token) });
    expect((list.json() as Array<{ _id: string; sources: string[] }>).find((k) => k._id === older.id)).toMatchObject({
      sources: [],
    });
    const pick = (token: string, sources: string[]) =>
      t.app.inject({
        method: 'PATCH',
        url: `/api/company/api-keys/${older.id}`,
        headers: bearer(token),
        payload: { sources },
      });
    expect((await pick(c.guide.token, ['Viator'])).statusCode).toBe(403);
    expect((await pick(c.manager.token, ['Nowhere'])).json()).toMatchObject({ code: 'UNKNOWN_SOURCE' });
    const picked = await pick(c.manager.token, ['Viator']);
    expect([picked.statusCode, picked.json().sources]).toEqual([200, ['Viator']]);
    expect((await put(t, older.key, 'Viator', 'V-OLD')).statusCode).toBe(201);
    const again = await pick(c.manager.token, ['Viator', 'Walkin']);
    expect([again.statusCode, again.json().code]).toEqual([409, 'API_KEY_SOURCES_SET']);
    const logged = await t.db
      .select()
      .from(events)
      .where(and(eq(events.companyId, c.companyId), eq(events.kind, 'channel.keySourcesPicked')));
    expect(logged.map((e) => [e.memberName, e.after])).toEqual([
      [c.managerName, { 'API key': 'Channel manager 2019', Sources: 'Viator' }],
    ]);
  });

  it('gives an older key, by the migration, the source its name is, and leaves the others to a Manager', async () => {
    const t = ctx();
    const fresh = await createCompany(t.app, t.db);
    const named = await olderKey(t, fresh, ' viator ');
    const unnamed = await olderKey(t, fresh, 'Channel manager');
    const migration = readFileSync(join(__dirname, '../../server/db/migrations/0023_channel_key_sources.sql'), 'utf8');
    const backfill = migration.split('--> statement-breakpoint').at(-1) as string;
    await t.db.execute(sql.raw(backfill));
    const sourcesOf = async (id: string) =>
      (await t.db.select().from(apiKeys).where(eq(apiKeys.id, id)))[0]?.sourceIds ?? null;
    expect(await sourcesOf(named.id)).toEqual([fresh.sourceIds.Viator]);
    expect(await sourcesOf(unnamed.id)).toBeNull();
    expect((await put(t, named.key, 'Viator', 'V-MIGRATED')).statusCode).toBe(201);
    expect((await put(t, unnamed.key, 'Viator', 'V-MIGRATED-2')).statusCode).toBe(403);
  });
});

describe("the channel API's limits", () => {
  /** The company's key with its last characters changed: the key id is right, the secret wrong. */
  const wrongSecret = (key: string) => `${key.slice(0, -4)}${key.endsWith('AAAA') ? 'BBBB' : 'AAAA'}`;
  const call = (t: TestApp, key: string, address: string) =>
    t.app.inject({
      url: '/api/v1/bookings?since=2026-01-01T00:00:00Z',
      headers: bearer(key),
      remoteAddress: address,
    });

  it("counts a key's calls once the key is verified: wrong secrets never use up the real channel's", async () => {
    const t = await createTestApp(DB_KINDS[0]!, { channelRateLimit: 3 });
    try {
      const c = await createCompany(t.app, t.db);
      const statuses: number[] = [];
      for (let i = 0; i < 6; i++) statuses.push((await call(t, wrongSecret(c.apiKey), '10.0.0.66')).statusCode);
      for (let i = 0; i < 4; i++) statuses.push((await call(t, c.apiKey, '10.0.0.1')).statusCode);
      expect(statuses).toEqual([401, 401, 401, 401, 401, 401, 200, 200, 200, 429]);
    } finally {
      await t.close();
    }
  });

  it('refuses an address after its refused calls for the minute, whatever the key; other addresses go on', async () => {
    const t = await createTestApp(DB_KINDS[0]!, { channelRefusedLimit: 3 });
    try {
      const c = await createCompany(t.app, t.db);
      const random = newApiKey(c.companyId).key;
      const statuses: number[] = [];
      for (const key of [wrongSecret(c.apiKey), random, random, c.apiKey, random]) {
        statuses.push((await call(t, key, '10.0.0.7')).statusCode);
      }
      expect(statuses).toEqual([401, 401, 401, 429, 429]);
      const limited = await call(t, c.apiKey, '10.0.0.7');
      expect(limited.json()).toMatchObject({ code: 'RATE_LIMITED' });
      expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
      expect((await call(t, c.apiKey, '10.0.0.8')).statusCode).toBe(200);
    } finally {
      await t.close();
    }
  });
});
