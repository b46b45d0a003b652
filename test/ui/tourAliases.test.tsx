import { screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import type { Company } from '../../src/domain/company';
import { apiUrl, company, gate, makeUser, quietSettingsSections, signedIn } from './fixtures';
import { renderRoute, shownCompany } from './renderWithProviders';
import { server } from './server';

const withAliases: Company = {
  ...company,
  tours: [
    {
      _id: 'tour-1',
      id: 'canal',
      label: 'Canal Cruise',
      color: 'blue',
      flag: 'none',
      aliases: ['Amsterdam: 75-Minute Canal Cruise', 'Canal tour'],
    },
    // Stored before tours had other names: no aliases at all.
    { _id: 'tour-2', id: 'tapas', label: 'Tapas Tour', color: 'pink', flag: 'spain' },
  ],
  sources: [
    { _id: 'source-1', id: 'walkin', label: 'Walkin' },
    { _id: 'source-2', id: 'viator', label: 'Viator' },
  ],
};

/** PATCH …/tours/{tourId}: each body is recorded; the answer is `answer`, by default the company with the names sent. */
function serveTourChanges(answer?: () => Response) {
  const requests: Array<{ path: string; body: { aliases?: string[] } }> = [];
  const response = gate();
  server.use(
    http.patch(apiUrl('/api/company/:companyId/tours/:tourId'), async ({ request, params }) => {
      const body = (await request.json()) as { aliases?: string[] };
      requests.push({ path: new URL(request.url).pathname, body });
      await response.opened;
      if (answer) return answer();
      const tours = withAliases.tours.map((t) => (t._id === params.tourId ? { ...t, aliases: body.aliases } : t));
      return HttpResponse.json({ ...withAliases, tours });
    }),
  );
  return { requests, answer: response.open };
}

const renderSettings = () => renderRoute('/settings', { preloadedState: signedIn(makeUser({ company: withAliases })) });
const tourRow = async (name: string) =>
  within(await screen.findByRole('region', { name: 'Tours' })).findByRole('listitem', { name });

describe("a tour's other names on the settings page", () => {
  // The page's timetable and API key sections read them (their own test files test them).
  beforeEach(() => server.use(...quietSettingsSections()));

  it('shows them, sends the edited list whole, and shows the names the server answers', async () => {
    const { requests, answer } = serveTourChanges();
    const { user, store } = renderSettings();
    const canal = await tourRow('Canal Cruise');
    expect(within(canal).getByText('Also: Amsterdam: 75-Minute Canal Cruise · Canal tour')).toBeVisible();

    await user.click(within(canal).getByRole('button', { name: 'Other names' }));
    const names = within(canal).getByRole('textbox', { name: 'Other names for Canal Cruise' });
    expect(names).toHaveValue('Amsterdam: 75-Minute Canal Cruise\nCanal tour');
    expect(within(canal).getByText("One per line, as channels' files and calls name this tour")).toBeVisible();
    // "Canal tour" removed; a blank line, a padded new name and a repeat of the first.
    await user.clear(names);
    await user.paste(
      'Amsterdam: 75-Minute Canal Cruise\n\n  Evening Canal Cruise  \nAmsterdam: 75-Minute Canal Cruise',
    );
    await user.click(within(canal).getByRole('button', { name: 'Save' }));

    await waitFor(() => expect(requests).toHaveLength(1));
    expect(requests[0]).toEqual({
      path: '/api/company/company-1/tours/tour-1',
      body: { aliases: ['Amsterdam: 75-Minute Canal Cruise', 'Evening Canal Cruise'] },
    });
    // No second request while the first is out.
    expect(within(canal).getByRole('button', { name: 'Save' })).toBeDisabled();
    expect(within(canal).getByRole('button', { name: 'Move Canal Cruise down' })).toBeDisabled();
    answer();

    expect(
      await within(canal).findByText('Also: Amsterdam: 75-Minute Canal Cruise · Evening Canal Cruise'),
    ).toBeVisible();
    expect(within(canal).queryByRole('textbox', { name: 'Other names for Canal Cruise' })).not.toBeInTheDocument();
    expect(shownCompany(store)?.tours[0]?.aliases).toEqual([
      'Amsterdam: 75-Minute Canal Cruise',
      'Evening Canal Cruise',
    ]);
  });

  it('keeps the editor open with what was typed, and says why, when the server refuses a name', async () => {
    const { requests, answer } = serveTourChanges(() =>
      HttpResponse.json(
        { error: 'aliases: "Tapas Tour" is already the tour Tapas Tour', code: 'NAME_TAKEN' },
        { status: 400 },
      ),
    );
    answer();
    const { user, store } = renderSettings();
    const canal = await tourRow('Canal Cruise');
    await user.click(within(canal).getByRole('button', { name: 'Other names' }));
    const names = within(canal).getByRole('textbox', { name: 'Other names for Canal Cruise' });
    await user.type(names, '{Enter}Tapas Tour');
    await user.click(within(canal).getByRole('button', { name: 'Save' }));

    const tours = await screen.findByRole('region', { name: 'Tours' });
    expect(await within(tours).findByText('aliases: "Tapas Tour" is already the tour Tapas Tour')).toBeVisible();
    expect(requests.map((r) => r.body)).toEqual([
      { aliases: ['Amsterdam: 75-Minute Canal Cruise', 'Canal tour', 'Tapas Tour'] },
    ]);
    expect(within(canal).getByRole('textbox', { name: 'Other names for Canal Cruise' })).toHaveValue(
      'Amsterdam: 75-Minute Canal Cruise\nCanal tour\nTapas Tour',
    );
    expect(within(canal).getByRole('button', { name: 'Save' })).toBeEnabled();
    expect(shownCompany(store)?.tours[0]?.aliases).toEqual(withAliases.tours[0]?.aliases);
  });

  it('offers other names for tours only, and a tour without any shows no "Also" line', async () => {
    renderSettings();
    const tapas = await tourRow('Tapas Tour');
    expect(within(tapas).getByRole('button', { name: 'Other names' })).toBeEnabled();
    expect(within(tapas).queryByText(/^Also:/)).not.toBeInTheDocument();
    const sources = await screen.findByRole('region', { name: 'Sources' });
    expect(within(sources).getAllByRole('listitem')).toHaveLength(2);
    expect(within(sources).queryByRole('button', { name: 'Other names' })).not.toBeInTheDocument();
  });
});
