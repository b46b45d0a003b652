import { createCompany, type CompanyFixture } from './fixtures';
import { bearer, describeEachDb, uniqueEmail } from './helpers';

interface Case {
  url: string;
  payload: Record<string, unknown>;
  error: string;
}

describeEachDb('validation messages name the field in plain words', (ctx) => {
  let c: CompanyFixture;
  beforeAll(async () => {
    c = await createCompany(ctx().app, ctx().db);
  });

  const post = (url: string, payload: Record<string, unknown>, token?: string) =>
    ctx().app.inject({ method: 'POST', url, payload, headers: token ? bearer(token) : {} });

  it.each<Case>([
    {
      url: '/api/user/signup',
      payload: { email: 'ana@', password: 'long enough' },
      error: 'Enter a valid email address',
    },
    { url: '/api/user/signup', payload: { password: 'long enough' }, error: 'Enter a valid email address' },
    {
      url: '/api/user/signup',
      payload: { email: 'ana@olas.test', password: 'short' },
      error: 'The password needs at least 8 characters',
    },
    {
      url: '/api/user/signup',
      payload: { email: 'ana@olas.test', password: 'x'.repeat(257) },
      error: 'The password can have at most 256 characters',
    },
    { url: '/auth', payload: { email: 'not an email', password: 'whatever' }, error: 'Enter a valid email address' },
    { url: '/auth', payload: { email: 'ana@olas.test', password: '' }, error: 'Enter your password' },
  ])('POST $url: 400 "$error"', async ({ url, payload, error }) => {
    const res = await post(url, payload);
    expect([res.statusCode, res.json()]).toEqual([400, expect.objectContaining({ error, code: 'VALIDATION' })]);
  });

  it.each<Case>([
    {
      url: '/api/user/changePassword',
      payload: { oldPassword: '', newPassword: 'long enough' },
      error: 'Enter your old password',
    },
    {
      url: '/api/user/changePassword',
      payload: { oldPassword: 'whatever', newPassword: 'short' },
      error: 'The new password needs at least 8 characters',
    },
    {
      url: '/api/user/addguide',
      payload: { name: ' ', email: uniqueEmail(), password: 'long enough' },
      error: "Enter the guide's name",
    },
    {
      url: '/api/user/addguide',
      payload: { name: 'Greta', email: 'greta', password: 'long enough' },
      error: 'Enter a valid email address',
    },
    {
      url: '/api/user/addguide',
      payload: { name: 'Greta', email: uniqueEmail(), password: 'short' },
      error: 'The password needs at least 8 characters',
    },
  ])('POST $url with the Manager\'s token: 400 "$error"', async ({ url, payload, error }) => {
    const res = await post(url, payload, c.manager.token);
    expect([res.statusCode, res.json()]).toEqual([400, expect.objectContaining({ error, code: 'VALIDATION' })]);
  });

  it("puts the field in front of zod's own message where a schema has none", async () => {
    const res = await post('/api/bookings/fees', { day: 20260615 }, c.manager.token);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({
      error: 'day: Invalid input: expected string, received number',
      details: [{ path: 'day' }],
    });
  });
});
