import { and, eq, gte, lte } from 'drizzle-orm';
import { formatInTimeZone } from 'date-fns-tz';
import { ConfigError, loadConfig } from '../../server/config';
import { bookings, companies, departures, tours } from '../../server/db/schema';
import {
  DEMO_PASSWORD,
  DEMO_TIMEZONE,
  DEMO_USERS,
  NEAR_SLOT_GUESTS,
  NEAR_SLOT_PARTY,
  demoBookings,
  seedDemo,
} from '../../server/seed';
import { canModifySlot, canSeeSlot } from '../../src/domain/slotRules';
import { DB_KINDS, createTestApp, login, signup, uniqueEmail } from './helpers';

const demoRules = { timezone: DEMO_TIMEZONE, unlockBookings: false, hideBookings: true, beforeTime: 60, afterTime: 60 };

/** The near party is on today's page of a Guide, who may still check it in. */
function expectGuideCanCheckIn(party: { date: string; time: string }, now: Date): void {
  const slot = { day: party.date, time: party.time };
  expect(party.date).toBe(formatInTimeZone(now, DEMO_TIMEZONE, 'yyyy-MM-dd'));
  expect(canSeeSlot('Guide', demoRules, slot, now)).toBe(true);
  expect(canModifySlot('Guide', demoRules, slot, new Date(now.getTime() + 10 * 60_000))).toBe(true);
}

describe('demo near slot', () => {
  it.each(['2026-11-25T09:02:00Z', '2026-11-25T22:44:00Z', '2026-11-25T22:50:00Z', '2026-11-25T22:59:59Z'])(
    'stays on today and open to a Guide when seeded at %s',
    (instant) => {
      const now = new Date(instant);
      const party = demoBookings('company', now).find((r) => r.name === NEAR_SLOT_PARTY)!;
      expectGuideCanCheckIn(party, now);
    },
  );
});

describe('demo near slot across midnight', () => {
  it('waits again just after midnight when seeded late in the evening, and only then', () => {
    const late = new Date('2026-11-25T22:50:00Z');
    const parties = demoBookings('company', late).filter((r) => r.name === NEAR_SLOT_PARTY);
    expect(parties.map((p) => p.date)).toEqual(['2026-11-25', '2026-11-26']);
    expectGuideCanCheckIn(parties[1]!, new Date('2026-11-25T23:10:00Z'));
    const morning = demoBookings('company', new Date('2026-11-25T09:02:00Z'));
    expect(morning.filter((r) => r.name === NEAR_SLOT_PARTY)).toHaveLength(1);
  });
});

describe.each(DB_KINDS)('platform [%s]', (kind) => {
  it('limits repeated logins for one email from one address with 429 and Retry-After, not other addresses', async () => {
    const t = await createTestApp(kind, { loginRateLimit: 3 });
    try {
      const account = await signup(t.app);
      const attempt = (remoteAddress: string, password: string) =>
        t.app.inject({ method: 'POST', url: '/auth', remoteAddress, payload: { email: account.user.email, password } });
      for (let i = 0; i < 3; i++) expect((await attempt('10.0.0.1', 'wrong password')).statusCode).toBe(401);
      const limited = await attempt('10.0.0.1', account.password);
      expect(limited.statusCode).toBe(429);
      expect(limited.json()).toMatchObject({ code: 'RATE_LIMITED' });
      expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
      expect((await attempt('10.0.0.2', account.password)).statusCode).toBe(200);
    } finally {
      await t.close();
    }
  });

  it('marks the refresh cookie Secure when the request came over HTTPS through a trusted proxy', async () => {
    const t = await createTestApp(kind, { trustProxy: true });
    try {
      const account = await signup(t.app);
      const viaTls = await t.app.inject({
        method: 'POST',
        url: '/auth',
        headers: { 'x-forwarded-proto': 'https' },
        payload: { email: account.user.email, password: account.password },
      });
      expect(viaTls.cookies.find((c) => c.name === 'tourdesk_refresh')?.secure).toBe(true);
      const plain = await t.app.inject({
        method: 'POST',
        url: '/auth',
        payload: { email: account.user.email, password: account.password },
      });
      expect(plain.cookies.find((c) => c.name === 'tourdesk_refresh')?.secure).toBeUndefined();
    } finally {
      await t.close();
    }
  });

  it('sends a strict CSP, nosniff, frame denial and the other security headers on every kind of answer', async () => {
    const t = await createTestApp(kind);
    try {
      const answers = [
        await t.app.inject({ method: 'GET', url: '/api/nothing/here' }),
        await t.app.inject({ method: 'GET', url: '/api/bookings/date/2026-11-21' }),
        await t.app.inject({ method: 'POST', url: '/auth', payload: { email: 'nobody' } }),
      ];
      expect(answers.map((res) => res.statusCode)).toEqual([404, 401, 400]);
      for (const res of answers) {
        const csp = String(res.headers['content-security-policy']);
        // WebAssembly (the barcode decoder) may compile; scripts still come only from our origin, never inline.
        expect(csp).toContain("script-src 'self' 'wasm-unsafe-eval';");
        expect(csp).not.toMatch(/script-src[^;]*unsafe-inline/);
        expect(csp).not.toMatch(/script-src[^;]*'unsafe-eval'/);
        expect(csp).toContain("frame-ancestors 'none'");
        expect(res.headers['x-content-type-options']).toBe('nosniff');
        expect(res.headers['x-frame-options']).toBe('DENY');
        expect(res.headers['strict-transport-security']).toMatch(/^max-age=\d+/);
        expect(res.headers['referrer-policy']).toBe('no-referrer');
        expect(res.headers['cross-origin-opener-policy']).toBe('same-origin');
        expect(res.headers['cross-origin-resource-policy']).toBe('same-origin');
        expect(res.headers['x-powered-by']).toBeUndefined();
      }
    } finally {
      await t.close();
    }
  });

  it('refuses a body over 1 MB with 413', async () => {
    const t = await createTestApp(kind);
    try {
      const res = await t.app.inject({
        method: 'POST',
        url: '/auth',
        payload: { email: uniqueEmail(), password: 'x'.repeat(1024 * 1024 + 10) },
      });
      expect(res.statusCode).toBe(413);
      expect(res.json()).toMatchObject({ code: 'FST_ERR_CTP_BODY_TOO_LARGE' });
    } finally {
      await t.close();
    }
  });

  it('seeds the demo company: its logins work and bookings span 14 days either side of today', async () => {
    const t = await createTestApp(kind);
    try {
      const now = new Date();
      const companyId = await seedDemo(t.db, now);
      const [company] = await t.db.select().from(companies).where(eq(companies.id, companyId));
      expect(company).toMatchObject({
        name: 'Demo Tours',
        timezone: DEMO_TIMEZONE,
        hideBookings: true,
        beforeTime: 60,
      });
      for (const user of DEMO_USERS) {
        const signedIn = await login(t.app, user.email, DEMO_PASSWORD);
        expect(signedIn.user).toMatchObject({
          role: user.role,
          language: user.language,
          company: { name: 'Demo Tours' },
        });
      }
      const today = formatInTimeZone(now, DEMO_TIMEZONE, 'yyyy-MM-dd');
      const rows = await t.db.select().from(bookings).where(eq(bookings.companyId, companyId));
      const days = [...new Set(rows.map((r) => r.date))].sort();
      expect(days[0]! < today && days.at(-1)! > today).toBe(true);
      expect(days.length).toBeGreaterThanOrEqual(27);
      const party = rows.find((r) => r.name === NEAR_SLOT_PARTY);
      expect(party).toMatchObject({ adults: 3, children: 1, pax: 4 });
      expectGuideCanCheckIn(party!, now);
      const nearSlot = rows.filter((r) => r.date === party!.date && r.time === party!.time && r.tour === party!.tour);
      expect(nearSlot.reduce((sum, r) => sum + r.pax, 0)).toBeGreaterThanOrEqual(NEAR_SLOT_GUESTS);
      expect(rows.some((r) => r.cancelled)).toBe(true);
      expect(rows.some((r) => r.phone === null)).toBe(true);
      expect(rows.some((r) => r.bookingId === '')).toBe(true);
      expect(rows.some((r) => r.attendedAdults > 0)).toBe(true);
      const past = await t.db
        .select()
        .from(bookings)
        .where(and(eq(bookings.companyId, companyId), gte(bookings.date, days[0]!), lte(bookings.date, today)));
      expect(past.length).toBeGreaterThan(0);
      // A timetable matching the bookings' times, with a weekend departure nobody has booked.
      const timetable = await t.db.select().from(departures).where(eq(departures.companyId, companyId));
      const bookedTimes = new Set(rows.map((r) => `${r.tour}|${r.time}`));
      const tourNames = new Map(
        (await t.db.select().from(tours).where(eq(tours.companyId, companyId))).map((r) => [r.id, r.label]),
      );
      const scheduled = timetable.map((d) => `${tourNames.get(d.tourId)}|${d.time}`);
      expect(scheduled.filter((key) => !bookedTimes.has(key))).toEqual(['Museum Highlights|17:30']);
      expect(scheduled.length).toBeGreaterThanOrEqual(8);
    } finally {
      await t.close();
    }
  });
});

describe('config', () => {
  it('uses the documented defaults', () => {
    const config = loadConfig({});
    expect(config).toMatchObject({ port: 3000, dataDir: './data', databaseUrl: undefined, logLevel: 'info' });
  });

  it('fails fast with a readable message on bad values', () => {
    expect(() => loadConfig({ PORT: 'eighty', DATABASE_URL: 'mysql://x' })).toThrow(ConfigError);
    expect(() => loadConfig({ JWT_SECRET: 'short' })).toThrow(/JWT_SECRET must be at least 32 characters/);
  });

  it('takes the PostgreSQL pool size per process from DATABASE_POOL_SIZE, 10 by default', () => {
    expect(loadConfig({}).poolSize).toBe(10);
    expect(loadConfig({ DATABASE_POOL_SIZE: '12' }).poolSize).toBe(12);
    for (const bad of ['0', '101', '2.5', 'many']) {
      expect(() => loadConfig({ DATABASE_POOL_SIZE: bad })).toThrow(/DATABASE_POOL_SIZE/);
    }
  });
});
