import { screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import type { Company, Tour } from '../../src/domain/company';
import { apiUrl, company, makeUser, quietSettingsSections, signedIn } from './fixtures';
import { renderRoute, shownCompany } from './renderWithProviders';
import { server } from './server';

const withCatalog: Company = {
  ...company,
  tours: [
    { _id: 'tour-1', id: 'old-town', label: 'Old Town Walk', color: 'blue', flag: 'uk', archived: false },
    { _id: 'tour-2', id: 'tapas', label: 'Tapas Tour', color: 'pink', flag: 'spain', archived: false },
  ],
  sources: [
    { _id: 'source-1', id: 'walkin', label: 'Walkin', archived: false },
    { _id: 'source-2', id: 'viator', label: 'Viator', archived: false },
  ],
};

/** The server's catalog routes: each request is recorded, and answered with `answer` (the company by default). */
function serveCatalog(answer: (company: Company) => Company | Response = (c) => c) {
  const requests: Array<{ method: string; path: string; body: unknown }> = [];
  const record = async ({ request }: { request: Request }) => {
    requests.push({ method: request.method, path: new URL(request.url).pathname, body: await request.json() });
    const result = answer(withCatalog);
    return result instanceof Response ? result : HttpResponse.json(result);
  };
  server.use(
    http.post(apiUrl('/api/company/:companyId/:plural'), record),
    http.patch(apiUrl('/api/company/:companyId/:plural/:ref'), record),
  );
  return requests;
}

const renderSettings = () => renderRoute('/settings', { preloadedState: signedIn(makeUser({ company: withCatalog })) });
const section = (name: string) => screen.findByRole('region', { name });

describe('tours and sources on the settings page', () => {
  // The page's timetable and API key sections read them (their own test files test them).
  beforeEach(() => server.use(...quietSettingsSections()));

  it('adds a tour, and the stored company follows the answer', async () => {
    const requests = serveCatalog((c) => ({
      ...c,
      tours: [...c.tours, { _id: 'tour-3', id: 'night-walk', label: 'Night Walk', color: 'default', flag: 'none' }],
    }));
    const { user, store } = renderSettings();
    const tours = await section('Tours');
    await user.type(within(tours).getByRole('textbox', { name: 'New tour' }), ' Night Walk ');
    await user.click(within(tours).getByRole('button', { name: 'Add' }));

    await waitFor(() => expect(requests).toHaveLength(1));
    expect(requests[0]).toEqual({
      method: 'POST',
      path: '/api/company/company-1/tours',
      body: { label: 'Night Walk' },
    });
    await waitFor(() => expect(shownCompany(store)?.tours).toHaveLength(3));
    expect(within(tours).getByRole('textbox', { name: 'New tour' })).toHaveValue('');
    expect(await within(tours).findByRole('listitem', { name: 'Night Walk' })).toBeInTheDocument();
  });

  it('renames, moves and archives a tour by its id', async () => {
    const requests = serveCatalog();
    const { user } = renderSettings();
    const tapas = await within(await section('Tours')).findByRole('listitem', { name: 'Tapas Tour' });
    await user.click(within(tapas).getByRole('button', { name: 'Rename' }));
    const name = within(tapas).getByRole('textbox', { name: 'New name for Tapas Tour' });
    await user.clear(name);
    await user.type(name, 'Tapas & Wine');
    await user.click(within(tapas).getByRole('button', { name: 'Save name' }));
    await user.click(within(tapas).getByRole('button', { name: 'Move Tapas Tour up' }));
    await user.click(within(tapas).getByRole('button', { name: 'Archive' }));

    await waitFor(() => expect(requests).toHaveLength(3));
    expect(requests).toEqual([
      { method: 'PATCH', path: '/api/company/company-1/tours/tour-2', body: { label: 'Tapas & Wine' } },
      { method: 'PATCH', path: '/api/company/company-1/tours/tour-2', body: { position: 0 } },
      { method: 'PATCH', path: '/api/company/company-1/tours/tour-2', body: { archived: true } },
    ]);
    expect(within(tapas).getByRole('button', { name: 'Move Tapas Tour down' })).toBeDisabled();
  });

  it('offers Walkin no rename and no archive, and says why the server refused a name', async () => {
    serveCatalog(() =>
      HttpResponse.json(
        { error: 'label: Viator is already a source of this company', code: 'NAME_TAKEN' },
        { status: 400 },
      ),
    );
    const { user } = renderSettings();
    const sources = await section('Sources');
    const walkin = within(sources).getByRole('listitem', { name: 'Walkin' });
    expect(within(walkin).queryByRole('button', { name: 'Rename' })).not.toBeInTheDocument();
    expect(within(walkin).queryByRole('button', { name: 'Archive' })).not.toBeInTheDocument();
    await user.type(within(sources).getByRole('textbox', { name: 'New source' }), 'viator');
    await user.click(within(sources).getByRole('button', { name: 'Add' }));
    expect(await within(sources).findByText('label: Viator is already a source of this company')).toBeVisible();
    expect(within(sources).getByRole('textbox', { name: 'New source' })).toHaveValue('viator');
  });

  it("sets a tour's colour and flag where its name is kept, as Account does, and sources have none", async () => {
    const requests: Array<{ path: string; body: unknown }> = [];
    let stored = withCatalog;
    server.use(
      http.patch(apiUrl('/api/company/:companyId/:tourId/:look'), async ({ request, params }) => {
        const body = (await request.json()) as Partial<Pick<Tour, 'color' | 'flag'>>;
        requests.push({ path: new URL(request.url).pathname, body });
        stored = { ...stored, tours: stored.tours.map((t) => (t._id === params.tourId ? { ...t, ...body } : t)) };
        return HttpResponse.json(stored);
      }),
    );
    const { user, store } = renderSettings();
    const tapas = await within(await section('Tours')).findByRole('listitem', { name: 'Tapas Tour' });
    expect(within(tapas).getByRole('combobox', { name: 'Colour' })).toHaveTextContent('Pink');
    expect(within(tapas).getByRole('combobox', { name: 'Flag' })).toHaveTextContent('Spain');

    await user.click(within(tapas).getByRole('combobox', { name: 'Colour' }));
    await user.click(await screen.findByRole('option', { name: 'Green' }));
    expect(await screen.findByText('Colour of Tapas Tour saved')).toBeVisible();
    await waitFor(() => expect(shownCompany(store)?.tours[1]?.color).toBe('green'));
    await user.click(within(tapas).getByRole('combobox', { name: 'Flag' }));
    await user.click(await screen.findByRole('option', { name: 'Italy' }));
    expect(await screen.findByText('Flag of Tapas Tour saved')).toBeVisible();

    expect(requests).toEqual([
      { path: '/api/company/company-1/tour-2/color', body: { color: 'green' } },
      { path: '/api/company/company-1/tour-2/flag', body: { flag: 'italy' } },
    ]);
    expect(within(tapas).getByRole('combobox', { name: 'Colour' })).toHaveTextContent('Green');
    const walkin = within(await section('Sources')).getByRole('listitem', { name: 'Walkin' });
    expect(within(walkin).queryByRole('combobox', { name: 'Colour' })).not.toBeInTheDocument();
  });
});
