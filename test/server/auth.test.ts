import { eq } from 'drizzle-orm';
import { SignJWT } from 'jose';
import { refreshTokens, users } from '../../server/db/schema';
import { hashRefreshToken } from '../../server/modules/auth/tokens';
import { TEST_SECRET, bearer, describeEachDb, login, refreshCookie, refreshWith, signup, uniqueEmail } from './helpers';

/** The claims of an access token (not verified: the server verified it). */
const claimsOf = (token: string) =>
  JSON.parse(Buffer.from(token.split('.')[1]!, 'base64url').toString('utf8')) as Record<string, unknown>;

const changePassword = (token: string, oldPassword: string, newPassword: string) => ({
  method: 'POST' as const,
  url: '/api/user/changePassword',
  headers: bearer(token),
  payload: { email: 'ignored@example.test', oldPassword, newPassword },
});

describeEachDb('auth', (ctx) => {
  describe('POST /auth', () => {
    it('signs in with the right password, answering the user with its company and a refresh cookie', async () => {
      const { app } = ctx();
      const account = await signup(app);
      const res = await app.inject({
        method: 'POST',
        url: '/auth',
        payload: { email: account.user.email.toUpperCase(), password: account.password },
      });
      expect(res.statusCode).toBe(200);
      const { user } = res.json();
      expect(user).toMatchObject({ email: account.user.email, role: 'Manager', company: { timezone: 'UTC' } });
      expect(user.company.sources).toEqual([
        { _id: expect.any(String), id: 'walkin', label: 'Walkin', archived: false },
      ]);
      const cookie = res.cookies.find((c) => c.name === 'tourdesk_refresh');
      expect(cookie).toMatchObject({ httpOnly: true, sameSite: 'Strict', path: '/auth' });
      expect(cookie?.secure).toBeUndefined();
    });

    it('answers a wrong password and an unknown email with the same 401', async () => {
      const { app } = ctx();
      const account = await signup(app);
      const wrong = await app.inject({
        method: 'POST',
        url: '/auth',
        payload: { email: account.user.email, password: 'not the password' },
      });
      const unknown = await app.inject({
        method: 'POST',
        url: '/auth',
        payload: { email: uniqueEmail('nobody'), password: 'not the password' },
      });
      expect(wrong.statusCode).toBe(401);
      expect(wrong.json()).toEqual({ error: 'Invalid email or password', code: 'INVALID_CREDENTIALS' });
      expect(unknown.statusCode).toBe(401);
      expect(unknown.json()).toEqual(wrong.json());
      expect(wrong.cookies).toHaveLength(0);
    });

    it('refuses a malformed body with 400 and the validation details', async () => {
      const { app } = ctx();
      const res = await app.inject({ method: 'POST', url: '/auth', payload: { email: 'not-an-email' } });
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({ code: 'VALIDATION', details: expect.any(Array) });
    });
  });

  describe('POST /api/user/signup', () => {
    it('creates a company whose Manager is the signer, signed in at once', async () => {
      const { app } = ctx();
      const email = uniqueEmail('founder');
      const res = await app.inject({
        method: 'POST',
        url: '/api/user/signup',
        payload: { email, password: 'long enough' },
      });
      expect(res.statusCode).toBe(201);
      const { user } = res.json();
      expect(user).toMatchObject({ email, role: 'Manager', company: { tours: [], timezone: 'UTC' } });
      expect(refreshCookie(res)).toBeTruthy();
      await expect(login(app, email, 'long enough')).resolves.toMatchObject({ user: { email } });
    });

    it('refuses an email that already has an account with 409', async () => {
      const { app } = ctx();
      const account = await signup(app);
      const res = await app.inject({
        method: 'POST',
        url: '/api/user/signup',
        payload: { email: account.user.email, password: 'another password' },
      });
      expect(res.statusCode).toBe(409);
      expect(res.json()).toEqual({ error: 'An account with this email already exists', code: 'EMAIL_TAKEN' });
    });

    it('refuses a password shorter than 8 characters', async () => {
      const { app } = ctx();
      const res = await app.inject({
        method: 'POST',
        url: '/api/user/signup',
        payload: { email: uniqueEmail(), password: 'short' },
      });
      expect(res.statusCode).toBe(400);
      expect(res.json().error).toContain('at least 8 characters');
    });

    it('gives each signup its own company', async () => {
      const { app } = ctx();
      const a = await signup(app);
      const b = await signup(app);
      expect(a.user.company._id).not.toBe(b.user.company._id);
    });
  });

  describe('GET /auth/refresh', () => {
    it('rotates the refresh token and answers a working access token', async () => {
      const { app } = ctx();
      const account = await signup(app);
      const res = await refreshWith(app, account.refresh);
      expect(res.statusCode).toBe(200);
      const body = res.json();
      expect(body.accessToken).toBe(body.user.token);
      const rotated = refreshCookie(res);
      expect(rotated).not.toBe(account.refresh);
      const call = await app.inject(changePassword(body.accessToken, account.password, 'a brand new password'));
      expect(call.statusCode).toBe(200);
    });

    it('answers a retry within the grace period with the successor already issued: one session, one chain', async () => {
      const { app, db } = ctx();
      const account = await signup(app);
      const first = await refreshWith(app, account.refresh);
      const retry = await refreshWith(app, account.refresh);
      expect(retry.statusCode).toBe(200);
      expect(refreshCookie(retry)).toBe(refreshCookie(first));
      const family = await db.select().from(refreshTokens).where(eq(refreshTokens.userId, account.user._id));
      expect(family).toHaveLength(2);
      // Both answers' access tokens belong to the same session, and the chain goes on from the one successor.
      expect(claimsOf(retry.json().accessToken).sid).toBe(claimsOf(first.json().accessToken).sid);
      expect((await refreshWith(app, refreshCookie(retry))).statusCode).toBe(200);
    });

    it('ends the access tokens of a session signed out, or whose refresh token was replayed; others go on', async () => {
      const { app, db, config } = ctx();
      const account = await signup(app);
      const otherDevice = await login(app, account.user.email, account.password);
      const probe = (token: string) => app.inject({ url: '/api/user/guides/company', headers: bearer(token) });
      expect((await probe(account.token)).statusCode).toBe(200);
      const out = await app.inject({
        method: 'POST',
        url: '/auth/logout',
        cookies: { tourdesk_refresh: account.refresh },
      });
      expect(out.statusCode).toBe(204);
      expect((await probe(account.token)).statusCode).toBe(401);
      expect((await probe(otherDevice.token)).statusCode).toBe(200);

      const rotated = await refreshWith(app, otherDevice.refresh);
      const renewedToken = rotated.json().accessToken as string;
      const longAgo = new Date(Date.now() - (config.refreshGraceSeconds + 5) * 1000);
      await db.update(refreshTokens).set({ rotatedAt: longAgo }).where(eq(refreshTokens.userId, account.user._id));
      expect((await refreshWith(app, otherDevice.refresh)).json().code).toBe('REFRESH_TOKEN_REUSED');
      for (const token of [otherDevice.token, renewedToken]) expect((await probe(token)).statusCode).toBe(401);
    });

    it('revokes the whole family when a rotated token is reused after the grace period', async () => {
      const { app, db, config } = ctx();
      const account = await signup(app);
      const first = await refreshWith(app, account.refresh);
      const current = refreshCookie(first);
      const longAgo = new Date(Date.now() - (config.refreshGraceSeconds + 5) * 1000);
      await db.update(refreshTokens).set({ rotatedAt: longAgo }).where(eq(refreshTokens.userId, account.user._id));

      const replay = await refreshWith(app, account.refresh);
      expect(replay.statusCode).toBe(401);
      expect(replay.json().code).toBe('REFRESH_TOKEN_REUSED');
      const legit = await refreshWith(app, current);
      expect(legit.statusCode).toBe(401);
    });

    it('answers 401 without a cookie or with an unknown one', async () => {
      const { app } = ctx();
      const none = await app.inject({ method: 'GET', url: '/auth/refresh' });
      expect(none.statusCode).toBe(401);
      expect(none.json()).toMatchObject({ code: 'NO_REFRESH_TOKEN' });
      const unknown = await refreshWith(app, 'made-up-token');
      expect(unknown.statusCode).toBe(401);
    });

    it('names the company in the token, and refuses it under another company’s id without burning it', async () => {
      const { app } = ctx();
      const a = await signup(app);
      const b = await signup(app);
      expect(a.refresh.startsWith(`${a.user.company._id}.`)).toBe(true);
      const underB = a.refresh.replace(a.user.company._id, b.user.company._id);
      const refused = await refreshWith(app, underB);
      expect(refused.statusCode).toBe(401);
      expect(refused.json()).toMatchObject({ code: 'INVALID_REFRESH_TOKEN' });
      expect((await refreshWith(app, a.refresh)).statusCode).toBe(200);
    });

    it('still renews a token issued before tokens named their company, looking its company up', async () => {
      const { app, db } = ctx();
      const account = await signup(app);
      const [issued] = await db.select().from(refreshTokens).where(eq(refreshTokens.userId, account.user._id));
      const older = 'Vr0m1L4qK2xYb7nQe9sTg3hJd5fWc8aZ0pUo6iEy1k2';
      await db
        .update(refreshTokens)
        .set({ tokenHash: hashRefreshToken(older) })
        .where(eq(refreshTokens.id, issued!.id));
      const res = await refreshWith(app, older);
      expect(res.statusCode).toBe(200);
      expect(res.json().user._id).toBe(account.user._id);
      expect(refreshCookie(res).startsWith(`${account.user.company._id}.`)).toBe(true);
      // The older token was rotated like any other: reused past the grace period it would revoke the family.
      const [rotated] = await db.select().from(refreshTokens).where(eq(refreshTokens.id, issued!.id));
      expect(rotated?.rotatedAt).toBeInstanceOf(Date);
    });

    it('refuses a cross-site request with 403', async () => {
      const { app } = ctx();
      const account = await signup(app);
      const fromElsewhere = await app.inject({
        method: 'GET',
        url: '/auth/refresh',
        headers: { origin: 'https://evil.example' },
        cookies: { tourdesk_refresh: account.refresh },
      });
      expect(fromElsewhere.statusCode).toBe(403);
      const fetchMeta = await app.inject({
        method: 'GET',
        url: '/auth/refresh',
        headers: { 'sec-fetch-site': 'cross-site' },
        cookies: { tourdesk_refresh: account.refresh },
      });
      expect(fetchMeta.statusCode).toBe(403);
      // Same host, another scheme or port: another origin (inject's requests come over http to localhost:80).
      for (const origin of ['https://localhost', 'http://localhost:8080', 'null', 'not a url']) {
        const res = await app.inject({
          method: 'GET',
          url: '/auth/refresh',
          headers: { origin, host: 'localhost' },
          cookies: { tourdesk_refresh: account.refresh },
        });
        expect({ origin, status: res.statusCode }).toEqual({ origin, status: 403 });
      }
      const sameOrigin = await app.inject({
        method: 'GET',
        url: '/auth/refresh',
        headers: { origin: 'http://localhost:80', host: 'localhost' },
        cookies: { tourdesk_refresh: account.refresh },
      });
      expect(sameOrigin.statusCode).toBe(200);
      account.refresh = refreshCookie(sameOrigin);
      // The refused attempts did not burn the token.
      expect((await refreshWith(app, account.refresh)).statusCode).toBe(200);
    });
  });

  describe('POST /auth/logout', () => {
    it('revokes the session and clears the cookie', async () => {
      const { app } = ctx();
      const account = await signup(app);
      const res = await app.inject({
        method: 'POST',
        url: '/auth/logout',
        cookies: { tourdesk_refresh: account.refresh },
      });
      expect(res.statusCode).toBe(204);
      const cleared = res.cookies.find((c) => c.name === 'tourdesk_refresh');
      expect(cleared?.value).toBe('');
      expect((await refreshWith(app, account.refresh)).statusCode).toBe(401);
    });

    it('with only the bearer token, ends that session at once (its token and its cookie); others go on', async () => {
      const { app } = ctx();
      const account = await signup(app);
      const otherDevice = await login(app, account.user.email, account.password);
      const probe = (token: string) => app.inject({ url: '/api/company', headers: bearer(token) });
      expect((await probe(account.token)).statusCode).toBe(200);
      const out = await app.inject({ method: 'POST', url: '/auth/logout', headers: bearer(account.token) });
      expect(out.statusCode).toBe(204);
      const after = await probe(account.token);
      expect(after.statusCode).toBe(401);
      expect(after.json()).toEqual({ error: 'Your session has expired, please sign in again', code: 'UNAUTHORIZED' });
      expect((await refreshWith(app, account.refresh)).statusCode).toBe(401);
      expect((await probe(otherDevice.token)).statusCode).toBe(200);
    });
  });

  describe('POST /api/user/changePassword', () => {
    it('refuses a wrong old password with the server message', async () => {
      const { app } = ctx();
      const account = await signup(app);
      const res = await app.inject(changePassword(account.token, 'wrong old password', 'new password 123'));
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual({ error: 'Old password is incorrect', code: 'WRONG_PASSWORD' });
      await expect(login(app, account.user.email, account.password)).resolves.toBeTruthy();
    });

    it('changes the password and ends the other sessions', async () => {
      const { app } = ctx();
      const account = await signup(app);
      const otherDevice = await login(app, account.user.email, account.password);
      const res = await app.inject(changePassword(account.token, account.password, 'new password 123'));
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({ message: 'Password changed successfully' });
      expect((await refreshWith(app, otherDevice.refresh)).statusCode).toBe(401);
      // Access tokens issued before the change stop at once too, not when they expire; the caller's new
      // refresh cookie brings a fresh one.
      const probe = { method: 'GET' as const, url: '/api/user/users/company' };
      expect((await app.inject({ ...probe, headers: bearer(otherDevice.token) })).statusCode).toBe(401);
      const refreshed = await refreshWith(app, refreshCookie(res));
      expect(refreshed.statusCode).toBe(200);
      const fresh = refreshed.json<{ accessToken: string }>().accessToken;
      expect((await app.inject({ ...probe, headers: bearer(fresh) })).statusCode).toBe(200);
      await expect(login(app, account.user.email, account.password)).rejects.toThrow('401');
      await expect(login(app, account.user.email, 'new password 123')).resolves.toBeTruthy();
    });
  });

  describe('bearer token on /api', () => {
    const sign = (payload: Record<string, unknown>, expiresAt: number, secret = TEST_SECRET) =>
      new SignJWT(payload)
        .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
        .setExpirationTime(expiresAt)
        .sign(new TextEncoder().encode(secret));

    it('answers 401 without a token', async () => {
      const { app } = ctx();
      const res = await app.inject({ method: 'POST', url: '/api/user/changePassword', payload: {} });
      expect(res.statusCode).toBe(401);
      expect(res.json()).toEqual({ error: 'Please sign in', code: 'UNAUTHORIZED' });
    });

    it('answers 401 with an expired, a forged, an unsigned or a deleted member’s token', async () => {
      const { app, db } = ctx();
      const account = await signup(app);
      const claims = {
        sub: account.user._id,
        company: account.user.company._id,
        role: 'Manager',
        ver: 1,
        typ: 'access',
      };
      const now = Math.floor(Date.now() / 1000);
      const expired = await sign(claims, now - 10);
      const forged = await sign(claims, now + 600, 'some-other-secret-that-is-long-enough-to-sign');
      const header = Buffer.from(JSON.stringify({ alg: 'none', typ: 'JWT' })).toString('base64url');
      const body = Buffer.from(JSON.stringify({ ...claims, exp: now + 600 })).toString('base64url');
      const unsigned = `${header}.${body}.`;
      const valid = await sign(claims, now + 600);
      for (const token of [expired, forged, unsigned, 'garbage']) {
        const res = await app.inject(changePassword(token, account.password, 'whatever 1234'));
        expect(res.statusCode).toBe(401);
      }
      expect((await app.inject(changePassword(valid, 'wrong', 'whatever 1234'))).statusCode).toBe(400);
      await db.update(users).set({ deletedAt: new Date() }).where(eq(users.id, account.user._id));
      expect((await app.inject(changePassword(valid, 'wrong', 'whatever 1234'))).statusCode).toBe(401);
    });

    it('answers an unknown /api path with a JSON 404', async () => {
      const { app } = ctx();
      const res = await app.inject({ method: 'GET', url: '/api/does/not-exist' });
      expect(res.statusCode).toBe(404);
      expect(res.json()).toMatchObject({ code: 'NOT_FOUND' });
    });
  });
});
