import { screen, waitFor } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { apiUrl, company, makeUser, quietSettingsSections, signedIn } from './fixtures';
import { renderRoute, shownCompany } from './renderWithProviders';
import { server } from './server';

/** PATCH /api/company/:companyId as the server answers it: the company with the changes laid over it. */
function serveSettings() {
  const bodies: unknown[] = [];
  server.use(
    http.patch(apiUrl('/api/company/:companyId'), async ({ request, params }) => {
      const body = (await request.json()) as Record<string, unknown>;
      bodies.push({ companyId: params.companyId, body });
      return HttpResponse.json({ ...company, ...body });
    }),
  );
  return bodies;
}

describe('company settings', () => {
  // The page's timetable and API key sections read them (their own test files test them).
  beforeEach(() => server.use(...quietSettingsSections()));

  it('sends only what changed, says so, and the signed-in company follows', async () => {
    const bodies = serveSettings();
    const { user, store } = renderRoute('/settings', { preloadedState: signedIn() });

    const save = await screen.findByRole('button', { name: 'Save settings' });
    expect(save).toBeDisabled();
    expect(screen.getByText('Guides see a slot from 60 minutes before to 60 minutes after it starts.')).toBeVisible();
    const zone = screen.getByRole('combobox', { name: 'Time zone' });
    await user.clear(zone);
    await user.type(zone, 'lisb');
    await user.click(await screen.findByRole('option', { name: 'Europe/Lisbon' }));
    await user.click(screen.getByRole('switch', { name: 'Guides see phone numbers' }));
    expect(screen.getByText('Guides can call a customer who is late.')).toBeVisible();
    const before = screen.getByRole('spinbutton', { name: 'Window before the start (minutes)' });
    await user.clear(before);
    await user.type(before, '30');
    await user.click(save);

    expect(await screen.findByText('Settings saved')).toBeVisible();
    expect(bodies).toEqual([
      { companyId: 'company-1', body: { timezone: 'Europe/Lisbon', beforeTime: 30, showPhoneToGuides: true } },
    ]);
    await waitFor(() => expect(shownCompany(store)?.timezone).toBe('Europe/Lisbon'));
    expect(shownCompany(store)).toMatchObject({ beforeTime: 30, showPhoneToGuides: true });
    expect(screen.getByRole('button', { name: 'Save settings' })).toBeDisabled();
  });

  it('keeps Save off while a field is wrong, and shows what the server refused', async () => {
    serveSettings();
    server.use(
      http.patch(apiUrl('/api/company/:companyId'), () =>
        HttpResponse.json({ error: 'name: At most 100 characters', code: 'VALIDATION' }, { status: 400 }),
      ),
    );
    const { user } = renderRoute('/settings', { preloadedState: signedIn() });

    const after = await screen.findByRole('spinbutton', { name: 'Window after the start (minutes)' });
    await user.clear(after);
    expect(screen.getByText('Whole minutes from 0 to 1440')).toBeVisible();
    expect(screen.getByRole('button', { name: 'Save settings' })).toBeDisabled();
    await user.type(after, '90');
    const name = screen.getByRole('textbox', { name: 'Company name' });
    await user.clear(name);
    expect(screen.getByText('Enter the company name')).toBeVisible();
    await user.type(name, 'Lisbon Walks');
    await user.click(screen.getByRole('button', { name: 'Save settings' }));
    expect(await screen.findByText('name: At most 100 characters')).toBeVisible();
  });

  it('lets a Manager make Español the language of new members, sent as defaultLanguage', async () => {
    const bodies = serveSettings();
    const { user, store } = renderRoute('/settings', { preloadedState: signedIn() });

    const language = await screen.findByRole('combobox', { name: 'Default language for new members' });
    expect(language).toHaveTextContent('English');
    await user.click(language);
    await user.click(await screen.findByRole('option', { name: 'Español' }));
    expect(language).toHaveTextContent('Español');
    await user.click(screen.getByRole('button', { name: 'Save settings' }));

    expect(await screen.findByText('Settings saved')).toBeVisible();
    expect(bodies).toEqual([{ companyId: 'company-1', body: { defaultLanguage: 'es' } }]);
    await waitFor(() => expect(shownCompany(store)?.defaultLanguage).toBe('es'));
    expect(screen.getByRole('button', { name: 'Save settings' })).toBeDisabled();
    // The Manager's own language is theirs: the page still speaks English.
    expect(screen.getByRole('heading', { name: 'Settings' })).toBeVisible();
  });

  it('is reached from Account by a Manager; a Guide is told it is for Managers', async () => {
    const manager = renderRoute('/account', { preloadedState: signedIn() });
    await manager.user.click(await screen.findByRole('link', { name: 'Open company settings' }));
    expect(await screen.findByRole('heading', { name: 'Settings' })).toBeVisible();
    expect(manager.pathname()).toBe('/settings');
    manager.unmount();

    renderRoute('/settings', { preloadedState: signedIn(makeUser({ role: 'Guide' })) });
    expect(await screen.findByText('Only Managers can change the company’s settings.')).toBeVisible();
    expect(screen.queryByRole('button', { name: 'Save settings' })).not.toBeInTheDocument();
  });
});
