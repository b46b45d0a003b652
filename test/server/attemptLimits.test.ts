import type { LightMyRequestResponse } from 'fastify';
import type { Config } from '../../server/config';
import { createCompany, PASSWORD } from './fixtures';
import { bearer, createTestApp, DB_KINDS, signup, uniqueEmail, type DbKind, type TestApp } from './helpers';

function expectLimited(res: LightMyRequestResponse): void {
  expect(res.statusCode).toBe(429);
  expect(res.json()).toEqual({ error: 'Too many attempts, please try again later', code: 'RATE_LIMITED' });
  expect(Number(res.headers['retry-after'])).toBeGreaterThan(0);
}

/** Each test has an app of its own: the fixtures' sign-ins come from one address and count too. */
async function withApp(kind: DbKind, limits: Partial<Config>, test: (t: TestApp) => Promise<void>): Promise<void> {
  const t = await createTestApp(kind, limits);
  try {
    await test(t);
  } finally {
    await t.close();
  }
}

describe.each(DB_KINDS)('attempt limits [%s]', (kind) => {
  it('limits sign-in per address across emails, not other addresses', () =>
    withApp(kind, { loginAddressRateLimit: 3 }, async (t) => {
      const account = await signup(t.app);
      const signIn = (remoteAddress: string, email: string, password: string) =>
        t.app.inject({ method: 'POST', url: '/auth', remoteAddress, payload: { email, password } });
      for (let i = 0; i < 3; i++) expect((await signIn('10.1.0.1', uniqueEmail(), 'guess')).statusCode).toBe(401);
      expectLimited(await signIn('10.1.0.1', account.user.email, account.password));
      expect((await signIn('10.1.0.2', account.user.email, account.password)).statusCode).toBe(200);
    }));

  it('limits password changes per member and per address, so a stolen token cannot guess the old one', () =>
    withApp(kind, { loginRateLimit: 3, loginAddressRateLimit: 6 }, async (t) => {
      const c = await createCompany(t.app, t.db);
      const other = await createCompany(t.app, t.db);
      const change = (token: string, oldPassword: string, remoteAddress: string) =>
        t.app.inject({
          method: 'POST',
          url: '/api/user/changePassword',
          remoteAddress,
          headers: bearer(token),
          payload: { oldPassword, newPassword: 'a brand new password' },
        });
      // One member, from a new address each time: the fourth try is refused, right password or not.
      for (let i = 0; i < 3; i++)
        expect((await change(c.guide.token, `guess ${i}`, `10.2.0.${i}`)).statusCode).toBe(400);
      expectLimited(await change(c.guide.token, PASSWORD, '10.2.1.1'));
      // One address, two tries each of three members: the seventh try is refused, though its member has one left.
      for (const member of [c.manager, other.guide, other.manager]) {
        for (let i = 0; i < 2; i++) expect((await change(member.token, `guess ${i}`, '10.2.2.1')).statusCode).toBe(400);
      }
      expectLimited(await change(other.manager.token, PASSWORD, '10.2.2.1'));
      expect((await change(other.guide.token, PASSWORD, '10.2.2.2')).statusCode).toBe(200);
    }));

  it('limits adding members per company and per address, which bounds testing whether emails are taken', () =>
    withApp(kind, { addMemberRateLimit: 3 }, async (t) => {
      const c = await createCompany(t.app, t.db);
      const other = await createCompany(t.app, t.db);
      const add = (token: string, email: string, remoteAddress: string) =>
        t.app.inject({
          method: 'POST',
          url: '/api/user/addguide',
          remoteAddress,
          headers: bearer(token),
          payload: { name: `Guide ${email.split('@')[0]}`, email, password: 'guide-password' },
        });
      // Taken emails answer 409: each try tells, so each counts.
      for (let i = 0; i < 3; i++) {
        expect((await add(c.manager.token, other.manager.user.email, `10.3.0.${i}`)).statusCode).toBe(409);
      }
      expectLimited(await add(c.manager.token, uniqueEmail(), '10.3.1.1'));
      // Another company, from one address: the address runs out as well.
      for (let i = 0; i < 3; i++) {
        expect((await add(other.manager.token, uniqueEmail(), '10.3.2.1')).statusCode).toBe(201);
      }
      expectLimited(await add(c.manager.token, uniqueEmail(), '10.3.2.1'));
      expectLimited(await add(other.manager.token, uniqueEmail(), '10.3.2.2'));
    }));
});
