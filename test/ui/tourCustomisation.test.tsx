import { screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import type { Company } from '../../src/domain/company';
import { apiUrl, company, gate, makeUser, signedIn } from './fixtures';
import { renderRoute, shownCompany } from './renderWithProviders';
import { server } from './server';

const withTours: Company = {
  ...company,
  tours: [
    { _id: 'tour-1', id: 'old-town', label: 'Old Town Walk', color: 'blue', flag: 'uk' },
    { _id: 'tour-2', id: 'tapas', label: 'Tapas Tour', color: 'pink', flag: 'spain' },
  ],
};

const tourGroup = (label: string) => screen.findByRole('group', { name: label });

describe('tour customisation on the account page', () => {
  it("changes a tour's colour and the signed-in company follows", async () => {
    const response = gate();
    let request: { url: string; body: unknown } | undefined;
    server.use(
      http.patch(apiUrl('/api/company/:companyId/:tourId/color'), async ({ request: req }) => {
        request = { url: new URL(req.url).pathname, body: await req.json() };
        await response.opened;
        return HttpResponse.json({
          ...withTours,
          tours: withTours.tours.map((t) => (t._id === 'tour-1' ? { ...t, color: 'green' } : t)),
        });
      }),
    );
    const { user, store } = renderRoute('/account', { preloadedState: signedIn(makeUser({ company: withTours })) });

    expect(await screen.findByRole('heading', { name: 'Tours' })).toBeInTheDocument();
    const oldTown = await tourGroup('Old Town Walk');
    expect(within(oldTown).getByRole('combobox', { name: /Colour/ })).toHaveTextContent('Blue');
    expect(within(oldTown).getByRole('combobox', { name: /Flag/ })).toHaveTextContent('UK');

    await user.click(within(oldTown).getByRole('combobox', { name: /Colour/ }));
    await user.click(await screen.findByRole('option', { name: 'Green' }));

    await waitFor(() => expect(request).toBeDefined());
    expect(within(oldTown).getByRole('combobox', { name: /Colour/ })).toHaveAttribute('aria-disabled', 'true');
    response.open();

    await waitFor(() => expect(shownCompany(store)?.tours[0]?.color).toBe('green'));
    expect(request).toEqual({ url: '/api/company/company-1/tour-1/color', body: { color: 'green' } });
    const colour = within(oldTown).getByRole('combobox', { name: /Colour/ });
    expect(colour).toHaveTextContent('Green');
    expect(colour).not.toHaveAttribute('aria-disabled');
    expect(shownCompany(store)?.tours[1]?.color).toBe('pink');
  });

  it("changes a tour's flag", async () => {
    let body: unknown;
    server.use(
      http.patch(apiUrl('/api/company/company-1/tour-2/flag'), async ({ request }) => {
        body = await request.json();
        return HttpResponse.json({
          ...withTours,
          tours: withTours.tours.map((t) => (t._id === 'tour-2' ? { ...t, flag: 'italy' } : t)),
        });
      }),
    );
    const { user, store } = renderRoute('/account', { preloadedState: signedIn(makeUser({ company: withTours })) });

    const tapas = await tourGroup('Tapas Tour');
    await user.click(within(tapas).getByRole('combobox', { name: /Flag/ }));
    await user.click(await screen.findByRole('option', { name: /Italy/ }));

    await waitFor(() => expect(shownCompany(store)?.tours[1]?.flag).toBe('italy'));
    expect(body).toEqual({ flag: 'italy' });
    expect(within(tapas).getByRole('combobox', { name: /Flag/ })).toHaveTextContent('Italy');
  });

  it("says the colour was not saved, with the server's 'Tour not found', and keeps the stored colour", async () => {
    server.use(
      http.patch(apiUrl('/api/company/:companyId/:tourId/color'), () =>
        HttpResponse.json({ error: 'Tour not found', code: 'NOT_FOUND' }, { status: 404 }),
      ),
    );
    const { user, store } = renderRoute('/account', { preloadedState: signedIn(makeUser({ company: withTours })) });

    const oldTown = await tourGroup('Old Town Walk');
    await user.click(within(oldTown).getByRole('combobox', { name: /Colour/ }));
    await user.click(await screen.findByRole('option', { name: 'Black' }));

    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Colour of Old Town Walk not saved: Tour not found');
    expect(alert).toHaveClass('MuiAlert-colorError');
    expect(within(oldTown).getByRole('combobox', { name: /Colour/ })).toHaveTextContent('Blue');
    expect(shownCompany(store)?.tours[0]?.color).toBe('blue');
  });

  it('confirms each save by naming what was saved, a success replacing an earlier failure', async () => {
    let failNext = true;
    server.use(
      http.patch(apiUrl('/api/company/company-1/tour-2/flag'), () => {
        if (failNext) {
          failNext = false;
          return HttpResponse.json({ error: 'Something went wrong on our side', code: 'INTERNAL' }, { status: 500 });
        }
        return HttpResponse.json({
          ...withTours,
          tours: withTours.tours.map((t) => (t._id === 'tour-2' ? { ...t, flag: 'france' } : t)),
        });
      }),
      http.patch(apiUrl('/api/company/company-1/tour-1/color'), () =>
        HttpResponse.json({
          ...withTours,
          tours: withTours.tours.map((t) => (t._id === 'tour-1' ? { ...t, color: 'green' } : t)),
        }),
      ),
    );
    const { user } = renderRoute('/account', { preloadedState: signedIn(makeUser({ company: withTours })) });
    const tapas = await tourGroup('Tapas Tour');

    await user.click(within(tapas).getByRole('combobox', { name: /Flag/ }));
    await user.click(await screen.findByRole('option', { name: /France/ }));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Flag of Tapas Tour not saved: Something went wrong on our side',
    );

    await user.click(within(tapas).getByRole('combobox', { name: /Flag/ }));
    await user.click(await screen.findByRole('option', { name: /France/ }));
    await waitFor(() => expect(screen.getByRole('alert')).toHaveTextContent('Flag of Tapas Tour saved'));
    expect(screen.getAllByRole('alert')).toHaveLength(1);
    expect(screen.getByRole('alert')).toHaveClass('MuiAlert-colorSuccess');

    const oldTown = await tourGroup('Old Town Walk');
    await user.click(within(oldTown).getByRole('combobox', { name: /Colour/ }));
    await user.click(await screen.findByRole('option', { name: 'Green' }));
    await waitFor(() => expect(screen.getByRole('alert')).toHaveTextContent('Colour of Old Town Walk saved'));
    expect(screen.queryByText('Flag of Tapas Tour saved')).not.toBeInTheDocument();
  });

  it('says "No tours yet" when the company has none', async () => {
    renderRoute('/account', { preloadedState: signedIn(makeUser({ company: { ...company, tours: [] } })) });
    expect(await screen.findByText('No tours yet')).toBeInTheDocument();
  });

  it('is not shown to a Guide', async () => {
    renderRoute('/account', {
      preloadedState: signedIn(makeUser({ role: 'Guide', email: 'guide@demo.test', company: withTours })),
    });
    expect(await screen.findByRole('heading', { name: 'Change password' })).toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: 'Tours' })).not.toBeInTheDocument();
    expect(screen.queryByRole('combobox', { name: /Colour/ })).not.toBeInTheDocument();
  });
});
