import { addBooking, createCompany } from './fixtures';
import { bearer, describeEachDb, login, uniqueEmail, type TestApp } from './helpers';

const addGuide = (t: TestApp, token: string, body: Record<string, unknown>) =>
  t.app.inject({ method: 'POST', url: '/api/user/addguide', headers: bearer(token), payload: body });

describeEachDb('team', (ctx) => {
  it('lists the team with email and role', async () => {
    const t = ctx();
    const c = await createCompany(t.app, t.db);
    const res = await t.app.inject({ url: '/api/user/users/company', headers: bearer(c.guide.token) });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual([
      { _id: c.guide.user._id, email: c.guide.user.email, role: 'Guide', name: c.guideName },
      { _id: c.manager.user._id, email: c.manager.user.email, role: 'Manager', name: c.managerName },
    ]);
  });

  it('lets a Manager add a guide who can then sign in to the same company', async () => {
    const t = ctx();
    const c = await createCompany(t.app, t.db);
    const email = uniqueEmail('new-guide');
    const res = await addGuide(t, c.manager.token, {
      name: 'Nora Guide',
      email,
      password: 'guide-password',
      company: 'another-company-id',
    });
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({ message: 'New guide successfully added', user: { email, role: 'Guide' } });
    const signedIn = await login(t.app, email, 'guide-password');
    expect(signedIn.user.company._id).toBe(c.companyId);
  });

  it('refuses a duplicate email with a readable 409, a Guide with 403, a short password with 400', async () => {
    const t = ctx();
    const c = await createCompany(t.app, t.db);
    const dup = await addGuide(t, c.manager.token, { name: 'Dup', email: c.guide.user.email, password: 'long enough' });
    expect(dup.statusCode).toBe(409);
    expect(dup.json().error).toBe('An account with this email already exists');
    const byGuide = await addGuide(t, c.guide.token, { name: 'X', email: uniqueEmail(), password: 'long enough' });
    expect(byGuide.statusCode).toBe(403);
    expect(byGuide.json().error).toBe("You don't have permission to perform that action");
    expect(
      (await addGuide(t, c.manager.token, { name: 'X', email: uniqueEmail(), password: 'short' })).statusCode,
    ).toBe(400);
    const sameName = await addGuide(t, c.manager.token, {
      name: c.guideName,
      email: uniqueEmail(),
      password: 'long enough',
    });
    expect(sameName.statusCode).toBe(409);
  });

  it('deletes a guide: they can no longer sign in or use their token, and the list drops them', async () => {
    const t = ctx();
    const c = await createCompany(t.app, t.db);
    const del = await t.app.inject({
      method: 'DELETE',
      url: `/api/user/guides/${c.guide.user._id}`,
      headers: bearer(c.manager.token),
    });
    expect(del.statusCode).toBe(200);
    expect(del.json()).toEqual({ message: 'Guide succesfully deleted' });
    await expect(login(t.app, c.guide.user.email, 'fixture-password')).rejects.toThrow('401');
    const withOldToken = await t.app.inject({ url: '/api/user/users/company', headers: bearer(c.guide.token) });
    expect(withOldToken.statusCode).toBe(401);
    const refresh = await t.app.inject({
      method: 'GET',
      url: '/auth/refresh',
      cookies: { tourdesk_refresh: c.guide.refresh },
    });
    expect(refresh.statusCode).toBe(401);
    const team = await t.app.inject({ url: '/api/user/users/company', headers: bearer(c.manager.token) });
    expect(team.json()).toHaveLength(1);
  });

  it('keeps active names unique, even for two requests at once', async () => {
    const t = ctx();
    const c = await createCompany(t.app, t.db);
    const twins = await Promise.all(
      [1, 2].map(() =>
        addGuide(t, c.manager.token, { name: 'Twin', email: uniqueEmail('twin'), password: 'guide-password' }),
      ),
    );
    expect(twins.map((res) => res.statusCode).sort()).toEqual([201, 409]);
    expect(twins.find((res) => res.statusCode === 409)!.json()).toEqual({
      error: 'Twin is already on the team',
      code: 'NAME_TAKEN',
    });
    const team = await t.app.inject({ url: '/api/user/users/company', headers: bearer(c.manager.token) });
    expect(team.json().filter((m: { name: string }) => m.name === 'Twin')).toHaveLength(1);
  });

  it("shows a new member who takes a departed guide's name none of the departed guide's bookings", async () => {
    const t = ctx();
    const c = await createCompany(t.app, t.db);
    const day = '2026-06-15';
    const booking = await addBooking(t.db, c.companyId, { date: day, time: '11:45', name: 'Led by the first' });
    const assign = await t.app.inject({
      method: 'PUT',
      url: '/api/bookings/assign-guide',
      headers: bearer(c.manager.token),
      payload: { bookingIds: [booking.id], guide: c.guideName },
    });
    expect(assign.statusCode).toBe(200);
    await t.app.inject({
      method: 'DELETE',
      url: `/api/user/guides/${c.guide.user._id}`,
      headers: bearer(c.manager.token),
    });
    const email = uniqueEmail('namesake');
    expect(
      (await addGuide(t, c.manager.token, { name: c.guideName, email, password: 'guide-password' })).statusCode,
    ).toBe(201);
    const namesake = await login(t.app, email, 'guide-password');
    const timeRange = { start: day, end: day };
    for (const url of ['/api/bookings/guide-time-range', '/api/shift/guide-time-range']) {
      const theirs = await t.app.inject({
        method: 'POST',
        url,
        headers: bearer(namesake.token),
        payload: { timeRange },
      });
      expect({ url, status: theirs.statusCode, rows: theirs.json() }).toEqual({ url, status: 200, rows: [] });
    }
    // The departed guide's bookings are still theirs, under their name, for a Manager.
    const departed = await t.app.inject({
      method: 'POST',
      url: '/api/bookings/guide-time-range',
      headers: bearer(c.manager.token),
      payload: { guide: c.guide.user._id, timeRange },
    });
    expect(departed.json()).toEqual([expect.objectContaining({ name: 'Led by the first', guide: c.guideName })]);
  });

  it('refuses a Guide deleting, a Manager deleting themselves, and another company’s member', async () => {
    const t = ctx();
    const c = await createCompany(t.app, t.db);
    const other = await createCompany(t.app, t.db);
    const del = (token: string, id: string) =>
      t.app.inject({ method: 'DELETE', url: `/api/user/guides/${id}`, headers: bearer(token) });
    const byGuide = await del(c.guide.token, c.manager.user._id);
    expect(byGuide.statusCode).toBe(403);
    expect(byGuide.json().error).toBe("You don't have permission to perform that action");
    expect((await del(c.manager.token, c.manager.user._id)).json().code).toBe('CANNOT_DELETE_SELF');
    expect((await del(other.manager.token, c.guide.user._id)).statusCode).toBe(404);
    expect((await t.app.inject({ url: '/api/user/users/company', headers: bearer(c.guide.token) })).statusCode).toBe(
      200,
    );
  });
});
