import { eq } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import { SignJWT } from 'jose';
import { refreshTokens, users } from '../../server/db/schema';
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
  const jwt = new SignJWT(claims).setProtectedHeader({ alg }).setIssuedAt();
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
