import { and, desc, eq } from 'drizzle-orm';
import { v7 as uuidv7 } from 'uuid';
import { events, users } from '../../server/db/schema';
import type { AuthUser } from '../../src/domain/auth';
import { createCompany, PASSWORD, type CompanyFixture } from './fixtures';
import { bearer, describeEachDb, login, refreshWith, uniqueEmail, type TestApp } from './helpers';

const LANGUAGE_ERROR = 'Language must be one of: en, es';

const changeLanguage = (t: TestApp, payload: unknown, token?: string) =>
  t.app.inject({
    method: 'PATCH',
    url: '/api/user/me',
    headers: token ? bearer(token) : {},
    payload: payload as object,
  });

const storedLanguage = async (t: TestApp, userId: string) => {
  const [row] = await t.db.select({ language: users.language }).from(users).where(eq(users.id, userId));
  return row?.language;
};

const patchCompany = (t: TestApp, c: CompanyFixture, token: string, payload: object) =>
  t.app.inject({ method: 'PATCH', url: `/api/company/${c.companyId}`, headers: bearer(token), payload });

const addGuide = (t: TestApp, c: CompanyFixture, email: string) =>
  t.app.inject({
    method: 'POST',
    url: '/api/user/addguide',
    headers: bearer(c.manager.token),
    payload: { name: `Guide ${email.slice(0, 12)}`, email, password: 'guide-password' },
  });

describeEachDb('each member has a language', (ctx) => {
  it('keeps the language a member picks: the answer, sign-in and refresh all give it, and the log records it', async () => {
    const t = ctx();
    const c = await createCompany(t.app, t.db);
    expect(c.manager.user.language).toBe('en');

    const res = await changeLanguage(t, { language: 'es' }, c.manager.token);
    expect(res.statusCode).toBe(200);
    const { user } = res.json<{ user: AuthUser }>();
    // Sign-in's user, in the new language, with the token the call was made with.
    expect(user).toEqual({ ...c.manager.user, token: c.manager.token, language: 'es' });
    expect((await t.app.inject({ url: '/api/company', headers: bearer(c.manager.token) })).statusCode).toBe(200);

    expect((await login(t.app, c.manager.user.email, PASSWORD)).user.language).toBe('es');
    const refreshed = await refreshWith(t.app, c.manager.refresh);
    expect(refreshed.statusCode).toBe(200);
    expect(refreshed.json().user.language).toBe('es');

    const [event] = await t.db
      .select()
      .from(events)
      .where(eq(events.companyId, c.companyId))
      .orderBy(desc(events.id))
      .limit(1);
    expect([event?.kind, event?.memberId, event?.before, event?.after]).toEqual([
      'team.memberLanguageChanged',
      c.manager.user._id,
      { Language: 'en' },
      { Language: 'es' },
    ]);
  });

  it('lets a Guide change their own language, and only theirs', async () => {
    const t = ctx();
    const c = await createCompany(t.app, t.db);
    const res = await changeLanguage(t, { language: 'es' }, c.guide.token);
    expect(res.statusCode).toBe(200);
    expect(res.json().user).toMatchObject({ _id: c.guide.user._id, role: 'Guide', language: 'es' });
    expect(await storedLanguage(t, c.guide.user._id)).toBe('es');
    expect(await storedLanguage(t, c.manager.user._id)).toBe('en');
    // And back: the same language again changes nothing and writes no second event.
    expect((await changeLanguage(t, { language: 'en' }, c.guide.token)).json().user.language).toBe('en');
    expect((await changeLanguage(t, { language: 'en' }, c.guide.token)).statusCode).toBe(200);
    const logged = await t.db
      .select({ after: events.after })
      .from(events)
      .where(and(eq(events.companyId, c.companyId), eq(events.kind, 'team.memberLanguageChanged')));
    expect(logged.map((e) => e.after)).toEqual([{ Language: 'es' }, { Language: 'en' }]);
  });

  it.each([
    ['a language Tourdesk does not speak', { language: 'fr' }, LANGUAGE_ERROR],
    ['a locale rather than a code', { language: 'es-ES' }, LANGUAGE_ERROR],
    ['no language', {}, LANGUAGE_ERROR],
    ['another field beside it', { language: 'es', role: 'Manager' }, /role/],
  ])('refuses %s with 400 naming the field, changing nothing', async (_case, payload, error) => {
    const t = ctx();
    const c = await createCompany(t.app, t.db);
    const res = await changeLanguage(t, payload, c.guide.token);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ error: expect.stringMatching(error), code: 'VALIDATION' });
    expect(await storedLanguage(t, c.guide.user._id)).toBe('en');
  });

  it('answers 401 without a token', async () => {
    const res = await changeLanguage(ctx(), { language: 'es' });
    expect(res.statusCode).toBe(401);
    expect(res.json().code).toBe('UNAUTHORIZED');
  });

  it("changes only the caller: company B's member cannot reach company A's", async () => {
    const t = ctx();
    const a = await createCompany(t.app, t.db);
    const b = await createCompany(t.app, t.db);
    // The route takes no id: ids of A's members in the body are refused, and the call acts on B's caller alone.
    const aimed = await changeLanguage(t, { language: 'es', _id: a.manager.user._id }, b.manager.token);
    expect(aimed.statusCode).toBe(400);
    const res = await changeLanguage(t, { language: 'es' }, b.manager.token);
    expect(res.statusCode).toBe(200);
    expect(res.json().user).toMatchObject({ _id: b.manager.user._id, company: { _id: b.companyId } });
    expect(await storedLanguage(t, b.manager.user._id)).toBe('es');
    for (const member of [a.manager, a.guide]) {
      expect(await storedLanguage(t, member.user._id)).toBe('en');
      expect((await login(t.app, member.user.email, PASSWORD)).user.language).toBe('en');
    }
    const aEvents = await t.db
      .select()
      .from(events)
      .where(and(eq(events.companyId, a.companyId), eq(events.kind, 'team.memberLanguageChanged')));
    expect(aEvents).toEqual([]);
  });

  it("lets a Manager set the company's default, which new members get; a Guide gets 403", async () => {
    const t = ctx();
    const c = await createCompany(t.app, t.db);
    expect(c.manager.user.company.defaultLanguage).toBe('en');

    const byGuide = await patchCompany(t, c, c.guide.token, { defaultLanguage: 'es' });
    expect(byGuide.statusCode).toBe(403);
    expect(byGuide.json().code).toBe('FORBIDDEN');
    const bad = await patchCompany(t, c, c.manager.token, { defaultLanguage: 'fr' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toMatchObject({ error: `defaultLanguage: ${LANGUAGE_ERROR}`, code: 'VALIDATION' });
    const before = await t.app.inject({ url: '/api/company', headers: bearer(c.guide.token) });
    expect(before.json().defaultLanguage).toBe('en');

    const set = await patchCompany(t, c, c.manager.token, { defaultLanguage: 'es' });
    expect(set.statusCode).toBe(200);
    expect(set.json().defaultLanguage).toBe('es');
    const read = await t.app.inject({ url: '/api/company', headers: bearer(c.guide.token) });
    expect(read.json().defaultLanguage).toBe('es');
    const [event] = await t.db
      .select()
      .from(events)
      .where(and(eq(events.companyId, c.companyId), eq(events.kind, 'company.settingsChanged')));
    expect([event?.before, event?.after]).toEqual([{ defaultLanguage: 'en' }, { defaultLanguage: 'es' }]);

    const email = uniqueEmail('after-default');
    expect((await addGuide(t, c, email)).statusCode).toBe(201);
    const added = await login(t.app, email, 'guide-password');
    expect(added.user).toMatchObject({ language: 'es', company: { defaultLanguage: 'es' } });
    // Members who were there keep the language they had.
    expect((await login(t.app, c.guide.user.email, PASSWORD)).user.language).toBe('en');
    expect(await storedLanguage(t, c.manager.user._id)).toBe('en');
  });

  it('starts a guide added under the English default in English', async () => {
    const t = ctx();
    const c = await createCompany(t.app, t.db);
    const email = uniqueEmail('default-en');
    expect((await addGuide(t, c, email)).statusCode).toBe(201);
    expect((await login(t.app, email, 'guide-password')).user.language).toBe('en');
  });

  it.each([
    ['es', { language: 'es' }],
    ['en', {}],
  ])('signs up in %s: the company’s default and the Manager’s language', async (expected, fields) => {
    const t = ctx();
    const email = uniqueEmail('signup-language');
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/user/signup',
      payload: { email, password: 'long enough', ...fields },
    });
    expect(res.statusCode).toBe(201);
    const { user } = res.json<{ user: AuthUser }>();
    expect([user.language, user.company.defaultLanguage]).toEqual([expected, expected]);
    expect((await login(t.app, email, 'long enough')).user.language).toBe(expected);
  });

  it('refuses a sign-up language Tourdesk does not speak with 400 naming the field', async () => {
    const res = await ctx().app.inject({
      method: 'POST',
      url: '/api/user/signup',
      payload: { email: uniqueEmail('signup-fr'), password: 'long enough', language: 'fr' },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ error: LANGUAGE_ERROR, code: 'VALIDATION' });
  });

  it('keeps any other language out of the database itself', async () => {
    const t = ctx();
    const c = await createCompany(t.app, t.db);
    await expect(
      t.db
        .update(users)
        .set({ language: 'fr' as 'en' })
        .where(eq(users.id, c.guide.user._id)),
    ).rejects.toThrow();
    const row = {
      companyId: c.companyId,
      id: uuidv7(),
      email: uniqueEmail('raw'),
      name: 'Raw',
      role: 'Guide' as const,
    };
    await expect(t.db.insert(users).values({ ...row, passwordHash: 'x', language: 'xx' as 'en' })).rejects.toThrow();
    expect(await storedLanguage(t, c.guide.user._id)).toBe('en');
  });
});
