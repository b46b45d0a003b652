import { createHmac } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import { SignJWT, decodeProtectedHeader, jwtVerify } from 'jose';
import { refreshTokens, users } from '../../server/db/schema';
import { TokenService, type AccessClaims } from '../../server/modules/auth/tokens';
import {
  DB_KINDS,
  TEST_SECRET,
  bearer,
  createTestApp,
  login,
  refreshCookie,
  refreshWith,
  signup,
  uniqueEmail,
  type TestApp,
} from './helpers';

const LOGIN_LIMIT = 3;
const PROBE = { method: 'GET' as const, url: '/api/user/guides/company' };

function cookieOf(res: LightMyRequestResponse) {
  const cookie = res.cookies.find((c) => c.name === 'tourdesk_refresh');
  if (!cookie) throw new Error(`no refresh cookie in ${res.statusCode}: ${res.body}`);
  return cookie;
}

/** The claims of a token this server issued, to re-sign altered copies of. */
function claimsOf(token: string): Record<string, unknown> {
  const {
    exp: _exp,
    iat: _iat,
    ...claims
  } = JSON.parse(Buffer.from(token.split('.')[1]!, 'base64url').toString('utf8')) as Record<string, unknown>;
  return claims;
}

function sign(claims: Record<string, unknown>, { alg = 'HS256', exp = true, secret = TEST_SECRET } = {}) {
  const jwt = new SignJWT(claims).setProtectedHeader({ alg, typ: 'JWT' }).setIssuedAt();
  if (exp) jwt.setExpirationTime('10m');
  return jwt.sign(new TextEncoder().encode(secret));
}

// One app behind a trusted TLS proxy: plain requests are plain HTTP, `X-Forwarded-Proto: https` ones came over TLS.
describe.each(DB_KINDS)('tokens, cookies and sign-in [%s]', (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(kind, { trustProxy: true, loginRateLimit: LOGIN_LIMIT });
  });
  afterAll(async () => {
    await t?.close();
  });

  const logout = (refresh: string, headers: Record<string, string> = {}) =>
    t.app.inject({ method: 'POST', url: '/auth/logout', headers, cookies: { tourdesk_refresh: refresh } });
  const changePassword = (token: string, oldPassword: string, newPassword: string, headers = {}) =>
    t.app.inject({
      method: 'POST',
      url: '/api/user/changePassword',
      headers: { ...bearer(token), ...headers },
      payload: { oldPassword, newPassword },
    });
  const signIn = (email: string, password: string, remoteAddress = '127.0.0.1') =>
    t.app.inject({ method: 'POST', url: '/auth', remoteAddress, payload: { email, password } });

  describe('bearer token', () => {
    it('answers 401 to a refresh token sent as the access token', async () => {
      const account = await signup(t.app);
      expect((await t.app.inject({ ...PROBE, headers: bearer(account.token) })).statusCode).toBe(200);
      const res = await t.app.inject({ ...PROBE, headers: bearer(account.refresh) });
      expect(res.statusCode).toBe(401);
      expect(res.json()).toMatchObject({ code: 'UNAUTHORIZED' });
    });

    it('answers 401 to tokens signed with our key that are not HS256 access tokens with an expiry', async () => {
      const account = await signup(t.app);
      const claims = claimsOf(account.token);
      expect(claims).toMatchObject({ sub: account.user._id, typ: 'access' });
      expect((await t.app.inject({ ...PROBE, headers: bearer(await sign(claims)) })).statusCode).toBe(200);
      const refused = [
        await sign({ ...claims, typ: 'refresh' }),
        await sign({ ...claims, typ: undefined }),
        await sign(claims, { alg: 'HS512' }),
        await sign(claims, { exp: false }),
        await sign({ ...claims, role: 'Owner' }),
      ];
      for (const token of refused) {
        expect((await t.app.inject({ ...PROBE, headers: bearer(token) })).statusCode).toBe(401);
      }
    });

    it('answers 401 to a real token whose payload was altered under its signature', async () => {
      const account = await signup(t.app);
      const otherCompany = (await signup(t.app)).user.company._id;
      const [header, payload, signature] = account.token.split('.') as [string, string, string];
      const claims = JSON.parse(Buffer.from(payload, 'base64url').toString('utf8')) as Record<string, unknown>;
      const altered = Buffer.from(JSON.stringify({ ...claims, company: otherCompany })).toString('base64url');
      const res = await t.app.inject({ ...PROBE, headers: bearer(`${header}.${altered}.${signature}`) });
      expect(res.statusCode).toBe(401);
    });

    it('answers 401 to a real member’s token that names another company', async () => {
      const a = await signup(t.app);
      const b = await signup(t.app);
      const token = await sign({ ...claimsOf(a.token), company: b.user.company._id });
      expect((await t.app.inject({ ...PROBE, headers: bearer(token) })).statusCode).toBe(401);
    });
  });

  describe('refresh token', () => {
    it('answers 401 to the access token sent as the refresh cookie', async () => {
      const account = await signup(t.app);
      const res = await refreshWith(t.app, account.token);
      expect(res.statusCode).toBe(401);
      expect(res.json()).toMatchObject({ code: 'INVALID_REFRESH_TOKEN' });
    });

    it('answers 401 once it has expired', async () => {
      const account = await signup(t.app);
      await t.db
        .update(refreshTokens)
        .set({ expiresAt: new Date(Date.now() - 1000) })
        .where(eq(refreshTokens.userId, account.user._id));
      const res = await refreshWith(t.app, account.refresh);
      expect(res.statusCode).toBe(401);
      expect(res.json()).toMatchObject({ code: 'INVALID_REFRESH_TOKEN' });
    });

    it('answers 401 once its member is deleted', async () => {
      const account = await signup(t.app);
      await t.db.update(users).set({ deletedAt: new Date() }).where(eq(users.id, account.user._id));
      expect((await refreshWith(t.app, account.refresh)).statusCode).toBe(401);
    });

    it('is not revived by a retry within the grace period once logout ended the session', async () => {
      const account = await signup(t.app);
      const rotated = refreshCookie(await refreshWith(t.app, account.refresh));
      expect((await logout(rotated)).statusCode).toBe(204);
      expect((await refreshWith(t.app, account.refresh)).statusCode).toBe(401);
      expect((await refreshWith(t.app, rotated)).statusCode).toBe(401);
    });

    it('is not revived by a retry within the grace period once a change of password ended the session', async () => {
      const account = await signup(t.app);
      const otherDevice = await login(t.app, account.user.email, account.password);
      const rotated = refreshCookie(await refreshWith(t.app, otherDevice.refresh));
      expect((await changePassword(account.token, account.password, 'a new password 42')).statusCode).toBe(200);
      expect((await refreshWith(t.app, otherDevice.refresh)).statusCode).toBe(401);
      expect((await refreshWith(t.app, rotated)).statusCode).toBe(401);
      expect((await t.app.inject({ ...PROBE, headers: bearer(otherDevice.token) })).statusCode).toBe(401);
    });
  });

  describe('logout', () => {
    it('refuses a cross-site logout with 403 and the session lives on', async () => {
      const account = await signup(t.app);
      expect((await logout(account.refresh, { origin: 'https://evil.example' })).statusCode).toBe(403);
      expect((await logout(account.refresh, { 'sec-fetch-site': 'cross-site' })).statusCode).toBe(403);
      expect((await refreshWith(t.app, account.refresh)).statusCode).toBe(200);
    });

    it('ends only this session: the member stays signed in on another device', async () => {
      const account = await signup(t.app);
      const otherDevice = await login(t.app, account.user.email, account.password);
      expect((await logout(account.refresh)).statusCode).toBe(204);
      expect((await refreshWith(t.app, account.refresh)).statusCode).toBe(401);
      expect((await refreshWith(t.app, otherDevice.refresh)).statusCode).toBe(200);
    });

    it('clears the cookie with the path and flags it was set with, so the browser drops it', async () => {
      const account = await signup(t.app);
      const cleared = cookieOf(await logout(account.refresh));
      expect(cleared).toMatchObject({ value: '', path: '/auth', httpOnly: true, sameSite: 'Strict' });
      expect(cleared.expires!.getTime()).toBeLessThanOrEqual(Date.now());
    });
  });

  describe('refresh cookie', () => {
    it('is HttpOnly, SameSite=Strict, sent only to /auth and lasts the refresh lifetime, on every route setting it', async () => {
      const email = uniqueEmail();
      const signedUp = await t.app.inject({
        method: 'POST',
        url: '/api/user/signup',
        payload: { email, password: 'first password' },
      });
      const signedIn = await signIn(email, 'first password');
      const refreshed = await refreshWith(t.app, refreshCookie(signedIn));
      const changed = await changePassword(refreshed.json().accessToken, 'first password', 'second password');
      const lifetime = t.config.refreshTokenTtlSeconds * 1000;
      for (const res of [signedUp, signedIn, refreshed, changed]) {
        expect(res.statusCode).toBeLessThan(300);
        const cookie = cookieOf(res);
        expect(cookie).toMatchObject({ httpOnly: true, sameSite: 'Strict', path: '/auth' });
        expect(cookie.secure).toBeUndefined();
        expect(Math.abs(cookie.expires!.getTime() - (Date.now() + lifetime))).toBeLessThan(60_000);
      }
    });

    it('is Secure on every route when the request came over HTTPS through the proxy', async () => {
      const tls = { 'x-forwarded-proto': 'https', 'x-forwarded-host': 'tours.example', host: 'internal:3000' };
      const sameOrigin = { ...tls, origin: 'https://tours.example', 'sec-fetch-site': 'same-origin' };
      const email = uniqueEmail();
      const signedUp = await t.app.inject({
        method: 'POST',
        url: '/api/user/signup',
        headers: tls,
        payload: { email, password: 'first password' },
      });
      const signedIn = await t.app.inject({
        method: 'POST',
        url: '/auth',
        headers: tls,
        payload: { email, password: 'first password' },
      });
      const refreshed = await t.app.inject({
        method: 'GET',
        url: '/auth/refresh',
        headers: sameOrigin,
        cookies: { tourdesk_refresh: refreshCookie(signedIn) },
      });
      const changed = await changePassword(refreshed.json().accessToken, 'first password', 'second password', tls);
      const loggedOut = await t.app.inject({
        method: 'POST',
        url: '/auth/logout',
        headers: sameOrigin,
        cookies: { tourdesk_refresh: refreshCookie(changed) },
      });
      for (const res of [signedUp, signedIn, refreshed, changed, loggedOut]) {
        expect(res.statusCode).toBeLessThan(300);
        expect(cookieOf(res)).toMatchObject({ secure: true, httpOnly: true, sameSite: 'Strict' });
      }
      const fromElsewhere = await t.app.inject({
        method: 'GET',
        url: '/auth/refresh',
        headers: { ...tls, origin: 'https://evil.example' },
        cookies: { tourdesk_refresh: refreshCookie(changed) },
      });
      expect(fromElsewhere.statusCode).toBe(403);
    });
  });

  describe('sign-in', () => {
    it('answers a deleted member’s right password exactly like an unknown email', async () => {
      const account = await signup(t.app);
      await t.db.update(users).set({ deletedAt: new Date() }).where(eq(users.id, account.user._id));
      const deleted = await signIn(account.user.email, account.password);
      const unknown = await signIn(uniqueEmail('nobody'), account.password);
      expect(deleted.statusCode).toBe(401);
      expect(unknown.statusCode).toBe(401);
      expect(deleted.json()).toEqual(unknown.json());
      expect(deleted.cookies).toEqual(unknown.cookies);
    });

    it('limits an unknown email exactly like a known one, so a 429 reveals nothing', async () => {
      const account = await signup(t.app);
      const known = [];
      const unknown = [];
      const nobody = uniqueEmail('nobody');
      for (let i = 0; i <= LOGIN_LIMIT; i++) {
        known.push((await signIn(account.user.email, 'wrong password', '10.1.0.1')).statusCode);
        unknown.push((await signIn(nobody, 'wrong password', '10.1.0.1')).statusCode);
      }
      expect(known).toEqual([...Array<number>(LOGIN_LIMIT).fill(401), 429]);
      expect(unknown).toEqual(known);
    });

    it('counts one email’s attempts whatever its letter case or spaces', async () => {
      const account = await signup(t.app);
      const { email } = account.user;
      const variants = [email.toUpperCase(), ` ${email} `, email.replace(/^./, (c) => c.toUpperCase())];
      for (const variant of variants) expect((await signIn(variant, 'wrong', '10.2.0.1')).statusCode).toBe(401);
      expect((await signIn(email, account.password, '10.2.0.1')).statusCode).toBe(429);
    });

    it('lets another member sign in from an address where one email is limited', async () => {
      const attacked = await signup(t.app);
      const colleague = await signup(t.app);
      for (let i = 0; i < LOGIN_LIMIT; i++) await signIn(attacked.user.email, 'wrong', '10.3.0.1');
      expect((await signIn(attacked.user.email, attacked.password, '10.3.0.1')).statusCode).toBe(429);
      expect((await signIn(colleague.user.email, colleague.password, '10.3.0.1')).statusCode).toBe(200);
      expect((await signIn(attacked.user.email, attacked.password, '10.3.0.2')).statusCode).toBe(200);
    });
  });
});

const TTL_SECONDS = 900;
const CLAIMS: AccessClaims = { userId: 'u-1', companyId: 'c-1', role: 'Guide', sessionVersion: 2 };
const KEY = new TextEncoder().encode(TEST_SECRET);
const b64url = (text: string | Buffer) => Buffer.from(text).toString('base64url');
const nowSeconds = () => Math.floor(Date.now() / 1000);

/** A token's payload as this server writes it, valid for a minute. */
const payloadOf = (extra: Record<string, unknown> = {}) => ({
  company: CLAIMS.companyId,
  role: CLAIMS.role,
  ver: CLAIMS.sessionVersion,
  typ: 'access',
  sub: CLAIMS.userId,
  iat: nowSeconds(),
  exp: nowSeconds() + 60,
  ...extra,
});

/** Raw segments signed with HMAC under our secret, so only the defect a case puts in can make it fail. */
function craft(header: unknown, payload: unknown, { hash = 'sha256', raw = false } = {}): string {
  const encode = (part: unknown) => (raw ? b64url(part as string | Buffer) : b64url(JSON.stringify(part)));
  const input = `${encode(header)}.${encode(payload)}`;
  return `${input}.${createHmac(hash, TEST_SECRET).update(input).digest('base64url')}`;
}

describe('TokenService', () => {
  const tokens = new TokenService(TEST_SECRET, TTL_SECONDS);
  /** The claims without the expiry, which follows the clock (asserted on its own below). */
  const verify = async (token: string) => {
    const claims = await tokens.verify(token);
    if (!claims) return claims;
    const { expiresAt: _expiresAt, ...rest } = claims;
    return rest;
  };

  it('answers when the token expires, in milliseconds', async () => {
    const before = Date.now();
    const claims = await tokens.verify(await tokens.sign(CLAIMS));
    expect(claims?.expiresAt).toBeGreaterThanOrEqual(Math.floor(before / 1000) * 1000 + TTL_SECONDS * 1000);
    expect(claims?.expiresAt).toBeLessThanOrEqual(Date.now() + TTL_SECONDS * 1000);
  });

  it('verifies the claims of a token it signed', async () => {
    expect(await verify(await tokens.sign(CLAIMS))).toEqual(CLAIMS);
    const inSession = { ...CLAIMS, sessionId: '0190f6b1-7c1e-7000-8000-000000000001' };
    expect(await verify(await tokens.sign(inSession))).toEqual(inSession);
  });

  it('refuses a session id that is not a uuid', async () => {
    const claims = claimsOf(await tokens.sign(CLAIMS));
    for (const sid of ['not-a-uuid', 42, null]) expect(await verify(await sign({ ...claims, sid }))).toBeNull();
  });

  it('derives the successor of a refresh token under its key: the same for a retry, unknown without the key', () => {
    const company = '0190f6b1-7c1e-7000-8000-000000000002';
    const parent = `${company}.${'a'.repeat(43)}`;
    const successor = tokens.successorRefreshToken(company, parent);
    expect(successor).toBe(tokens.successorRefreshToken(company, parent));
    expect(successor).toMatch(new RegExp(`^${company}\\.[\\w-]{43}$`));
    expect(successor).not.toBe(
      new TokenService('another secret long enough to sign tokens', TTL_SECONDS).successorRefreshToken(company, parent),
    );
    expect(successor).not.toBe(tokens.successorRefreshToken(company, `${company}.${'b'.repeat(43)}`));
  });

  it('signs the format jose signed: HS256 and JWT in the header, the claims with iat and exp, verified by jose', async () => {
    const token = await tokens.sign(CLAIMS);
    expect(decodeProtectedHeader(token)).toEqual({ alg: 'HS256', typ: 'JWT' });
    const { payload } = await jwtVerify(token, KEY, { algorithms: ['HS256'], requiredClaims: ['exp', 'sub'] });
    expect(payload).toEqual({ ...payloadOf(), iat: payload.iat, exp: payload.iat! + TTL_SECONDS });
    expect(Math.abs(payload.iat! - nowSeconds())).toBeLessThanOrEqual(1);
  });

  it('verifies tokens jose signed with the same secret, as they were issued before', async () => {
    const issued = await new SignJWT({ company: 'c-1', role: 'Guide', ver: 2, typ: 'access' })
      .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
      .setSubject('u-1')
      .setIssuedAt()
      .setExpirationTime(`${TTL_SECONDS}s`)
      .sign(KEY);
    expect(await verify(issued)).toEqual(CLAIMS);
  });

  it('verifies a crafted token that has none of the defects below (the control for them)', async () => {
    expect(await verify(craft({ alg: 'HS256', typ: 'JWT' }, payloadOf()))).toEqual(CLAIMS);
  });

  it('refuses a token whose payload was altered under its signature', async () => {
    const [header, , signature] = (await tokens.sign(CLAIMS)).split('.');
    const promoted = b64url(JSON.stringify(payloadOf({ role: 'Manager' })));
    expect(await verify(`${header}.${promoted}.${signature}`)).toBeNull();
  });

  it('refuses an altered, truncated or missing signature', async () => {
    const token = await tokens.sign(CLAIMS);
    const [header, payload, signature] = token.split('.') as [string, string, string];
    const flipped = `${signature[0] === 'A' ? 'B' : 'A'}${signature.slice(1)}`;
    for (const bad of [flipped, signature.slice(0, -4), '']) {
      expect(await verify(`${header}.${payload}.${bad}`)).toBeNull();
    }
  });

  it('refuses a token signed with another secret', async () => {
    expect(await verify(await new TokenService(`${TEST_SECRET}!`, TTL_SECONDS).sign(CLAIMS))).toBeNull();
  });

  it('refuses alg none, with or without a signature', async () => {
    const header = b64url(JSON.stringify({ alg: 'none', typ: 'JWT' }));
    const payload = b64url(JSON.stringify(payloadOf()));
    expect(await verify(`${header}.${payload}.`)).toBeNull();
    expect(await verify(craft({ alg: 'none', typ: 'JWT' }, payloadOf()))).toBeNull();
  });

  it('refuses any alg but HS256: HS512 signed as such, RS256 over an HMAC signature, a lower-case hs256', async () => {
    expect(await verify(craft({ alg: 'HS512', typ: 'JWT' }, payloadOf(), { hash: 'sha512' }))).toBeNull();
    expect(await verify(craft({ alg: 'RS256', typ: 'JWT' }, payloadOf()))).toBeNull();
    expect(await verify(craft({ alg: 'hs256', typ: 'JWT' }, payloadOf()))).toBeNull();
    expect(await verify(craft({ typ: 'JWT' }, payloadOf()))).toBeNull();
  });

  it('refuses a header that asks for an extension it does not know (crit, b64)', async () => {
    for (const extra of [{ crit: ['exp'] }, { b64: false, crit: ['b64'] }, { crit: ['x-custom'], 'x-custom': 1 }]) {
      expect(await verify(craft({ alg: 'HS256', typ: 'JWT', ...extra }, payloadOf()))).toBeNull();
    }
  });

  it('refuses a typ other than JWT in the header, and a payload typ other than access', async () => {
    expect(await verify(craft({ alg: 'HS256', typ: 'at+jwt' }, payloadOf()))).toBeNull();
    expect(await verify(craft({ alg: 'HS256' }, payloadOf()))).toBeNull();
    expect(await verify(craft({ alg: 'HS256', typ: 'JWT' }, payloadOf({ typ: 'refresh' })))).toBeNull();
    expect(await verify(craft({ alg: 'HS256', typ: 'JWT' }, payloadOf({ typ: undefined })))).toBeNull();
  });

  it('refuses a token without exp, with a non-numeric exp, or expired', async () => {
    const header = { alg: 'HS256', typ: 'JWT' };
    for (const exp of [undefined, String(nowSeconds() + 60), null, nowSeconds() - 1, nowSeconds() - 3600]) {
      expect(await verify(craft(header, payloadOf({ exp })))).toBeNull();
    }
    const exp = Math.floor(Date.now() / 1000) - 1;
    expect(await verify(await new SignJWT(payloadOf({ exp })).setProtectedHeader(header).sign(KEY))).toBeNull();
  });

  it('refuses a non-numeric iat, a not-yet-valid nbf and a missing subject, company, role or version', async () => {
    const header = { alg: 'HS256', typ: 'JWT' };
    for (const extra of [
      { iat: 'yesterday' },
      { nbf: nowSeconds() + 600 },
      { sub: undefined },
      { company: 7 },
      { role: 'Owner' },
      { ver: '2' },
    ]) {
      expect(await verify(craft(header, payloadOf(extra)))).toBeNull();
    }
  });

  it('refuses malformed tokens: too few or many parts, bad base64url, JSON that is not an object', async () => {
    const token = await tokens.sign(CLAIMS);
    const [header, payload] = token.split('.') as [string, string, string];
    const header64 = b64url(JSON.stringify({ alg: 'HS256', typ: 'JWT' }));
    const malformed = [
      '',
      '..',
      `${header}.${payload}`,
      `${token}.`,
      `${token}.${payload}`,
      craft('{"alg":"HS256",', JSON.stringify(payloadOf()), { raw: true }),
      craft(JSON.stringify({ alg: 'HS256', typ: 'JWT' }), 'not json', { raw: true }),
      craft(JSON.stringify({ alg: 'HS256', typ: 'JWT' }), JSON.stringify([payloadOf()]), { raw: true }),
      craft(JSON.stringify({ alg: 'HS256', typ: 'JWT' }), 'null', { raw: true }),
      craft(JSON.stringify({ alg: 'HS256', typ: 'JWT' }), Buffer.from([0x7b, 0xff, 0x7d]), { raw: true }),
    ];
    // Standard base64 characters and padding are not base64url, even under a signature that matches them.
    const padded = `${header64}=`;
    const withPadding = `${padded}.${payload}`;
    malformed.push(`${withPadding}.${createHmac('sha256', TEST_SECRET).update(withPadding).digest('base64url')}`);
    for (const bad of malformed) {
      expect(await verify(bad)).toBeNull();
    }
  });
});
