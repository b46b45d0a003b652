import { asc, eq } from 'drizzle-orm';
import { events } from '../../server/db/schema';
import { bearer, describeEachDb, uniqueEmail } from './helpers';

const PASSWORD = 'long enough';

describeEachDb('signup: the company’s name and zone', (ctx) => {
  const signUp = (payload: Record<string, unknown>) =>
    ctx().app.inject({ method: 'POST', url: '/api/user/signup', payload: { password: PASSWORD, ...payload } });

  it('names the company as asked and takes the browser’s zone, a guess until a Manager confirms it', async () => {
    const { app, db } = ctx();
    const res = await signUp({ email: uniqueEmail(), companyName: '  Olas Tours ', timezone: 'europe/madrid' });
    expect(res.statusCode).toBe(201);
    const { user } = res.json();
    expect(user.company).toMatchObject({ name: 'Olas Tours', timezone: 'Europe/Madrid', timezoneGuessed: true });

    const confirm = await app.inject({
      method: 'PATCH',
      url: `/api/company/${user.company._id}`,
      headers: bearer(user.token),
      payload: { timezone: 'Europe/Madrid' },
    });
    expect(confirm.statusCode).toBe(200);
    expect(confirm.json()).toMatchObject({ timezone: 'Europe/Madrid', timezoneGuessed: false });
    const logged = await db.select().from(events).where(eq(events.companyId, user.company._id)).orderBy(asc(events.id));
    expect(logged.map((e) => [e.kind, e.memberId, e.before, e.after])).toEqual([
      ['company.created', user._id, null, { name: 'Olas Tours', timezone: 'Europe/Madrid', defaultLanguage: 'en' }],
      [
        'company.settingsChanged',
        user._id,
        { timezone: 'Europe/Madrid', timezoneGuessed: true },
        { timezone: 'Europe/Madrid', timezoneGuessed: false },
      ],
    ]);
  });

  it.each([
    [
      'a zone outside the IANA list',
      { timezone: 'Mars/Olympus' },
      'timezone: Mars/Olympus is not a time zone (e.g. Europe/Madrid)',
    ],
    ['a bare offset', { timezone: '+01:00' }, 'timezone: +01:00 is not a time zone (e.g. Europe/Madrid)'],
    ['a blank company name', { companyName: '   ' }, 'Enter the company name'],
  ])('refuses %s with 400 naming the field', async (_case, fields, error) => {
    const res = await signUp({ email: uniqueEmail(), ...fields });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ error, code: 'VALIDATION' });
  });

  it.each([
    ['a mailbox provider’s address', 'ana.garcia@gmail.com', 'My company'],
    ['a company’s address', 'ana@olas-tours.test', 'Olas Tours'],
  ])(
    'still signs up a client that sends only email and password (%s: %s → %s, UTC to confirm)',
    async (_c, email, name) => {
      const unique = email.replace('@', `+${Date.now()}-${Math.random().toString(36).slice(2)}@`);
      const res = await signUp({ email: unique });
      expect(res.statusCode).toBe(201);
      expect(res.json().user.company).toMatchObject({ name, timezone: 'UTC', timezoneGuessed: true });
    },
  );
});
