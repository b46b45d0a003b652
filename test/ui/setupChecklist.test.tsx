import { screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import type { Company } from '../../src/domain/company';
import { apiUrl, company, makeUser, noApiKeys, signedIn } from './fixtures';
import { renderRoute, shownCompany } from './renderWithProviders';
import { server } from './server';
import { DAY } from './slotFixtures';

const fresh: Company = { ...company, timezone: 'UTC', tours: [] };
const tour = { _id: 't1', id: 'old-town', label: 'Old Town Walk', color: 'blue' as const, flag: 'uk' as const };

function serve({ departures = 0, members = 1 }: { departures?: number; members?: number }) {
  server.use(
    // The settings page a step leads to reads them.
    noApiKeys(),
    http.get(apiUrl(`/api/bookings/date/${DAY}`), () =>
      HttpResponse.json({ bookings: [], departures: [], hiddenSlots: 0 }),
    ),
    http.get(apiUrl('/api/company/:companyId/timetable'), () =>
      HttpResponse.json({
        departures: Array.from({ length: departures }, () => ({
          tourId: 't1',
          weekdays: [1],
          time: '10:00',
          validFrom: '2026-01-01',
          validUntil: null,
          capacity: null,
        })),
        exceptions: [],
      }),
    ),
    http.get(apiUrl('/api/user/guides/company'), () =>
      HttpResponse.json(Array.from({ length: members }, (_, i) => ({ _id: `u${i}`, name: `Member ${i}` }))),
    ),
  );
}

describe("a new company's first sign-in", () => {
  beforeEach(() => localStorage.removeItem('tourdesk:setup:company-1'));

  it('lists the first steps on the day page, each a link, and says what to do about a day without tours', async () => {
    serve({});
    const { user, pathname } = renderRoute(`/bookings/date/${DAY}`, {
      preloadedState: signedIn(makeUser({ company: fresh })),
    });
    const setup = await screen.findByRole('region', { name: 'Set up Tourdesk' });
    expect(
      within(setup)
        .getAllByRole('link')
        .map((link) => link.textContent),
    ).toEqual(['Set the company’s time zone', 'Add a first tour and the times it runs', 'Invite a guide']);
    expect(await screen.findByText('No tours yet.')).toBeVisible();
    await user.click(screen.getByRole('link', { name: 'Add tours and their times in Settings' }));
    expect(pathname()).toBe('/settings');
  });

  it('ticks what is done, and goes away for good once everything is', async () => {
    serve({ departures: 1, members: 1 });
    const madrid = { ...fresh, timezone: 'Europe/Madrid', tours: [tour] };
    const first = renderRoute(`/bookings/date/${DAY}`, {
      preloadedState: signedIn(makeUser({ company: { ...fresh, tours: [tour] } })),
    });
    const setup = await screen.findByRole('region', { name: 'Set up Tourdesk' });
    expect(within(setup).getAllByTitle('Done')).toHaveLength(1);
    expect(within(setup).getByRole('link', { name: 'Invite a guide' })).toHaveAttribute('href', '/guides');
    first.unmount();

    serve({ departures: 1, members: 2 });
    renderRoute(`/bookings/date/${DAY}`, { preloadedState: signedIn(makeUser({ company: madrid })) });
    await waitFor(() => expect(localStorage.getItem('tourdesk:setup:company-1')).toBe('done'));
    expect(screen.queryByRole('region', { name: 'Set up Tourdesk' })).not.toBeInTheDocument();
  });

  it('offers the zone sign-up took from the browser: Confirm keeps it and ticks the step', async () => {
    serve({});
    let body: unknown;
    server.use(
      http.patch(apiUrl('/api/company/company-1'), async ({ request }) => {
        body = await request.json();
        return HttpResponse.json({ ...fresh, timezone: 'Europe/Madrid', timezoneGuessed: false });
      }),
    );
    const guessed = { ...fresh, timezone: 'Europe/Madrid', timezoneGuessed: true };
    const { user, store } = renderRoute(`/bookings/date/${DAY}`, {
      preloadedState: signedIn(makeUser({ company: guessed })),
    });
    const setup = await screen.findByRole('region', { name: 'Set up Tourdesk' });
    expect(setup).toHaveTextContent('Time zone: Europe/Madrid (from this browser).');
    expect(within(setup).queryAllByTitle('Done')).toHaveLength(0);
    expect(within(setup).getByRole('link', { name: 'Change it in Settings' })).toHaveAttribute('href', '/settings');
    await user.click(within(setup).getByRole('button', { name: 'Confirm Europe/Madrid' }));
    expect(await within(setup).findByTitle('Done')).toBeInTheDocument();
    expect(body).toEqual({ timezone: 'Europe/Madrid' });
    expect(within(setup).getByText('Set the company’s time zone')).toBeVisible();
    expect(within(setup).queryByRole('button', { name: /Confirm/ })).not.toBeInTheDocument();
    expect(shownCompany(store)?.timezoneGuessed).toBe(false);
  });

  it('says why a confirmation failed, and keeps the step to do', async () => {
    serve({});
    server.use(
      http.patch(apiUrl('/api/company/company-1'), () =>
        HttpResponse.json(
          { error: 'Tourdesk is busy, please try again in a moment', code: 'UNAVAILABLE' },
          { status: 503 },
        ),
      ),
    );
    const guessed = { ...fresh, timezone: 'Europe/Madrid', timezoneGuessed: true };
    const { user } = renderRoute(`/bookings/date/${DAY}`, { preloadedState: signedIn(makeUser({ company: guessed })) });
    const setup = await screen.findByRole('region', { name: 'Set up Tourdesk' });
    await user.click(within(setup).getByRole('button', { name: 'Confirm Europe/Madrid' }));
    expect(await within(setup).findByRole('alert')).toHaveTextContent('Tourdesk is busy, please try again in a moment');
    expect(within(setup).getByRole('button', { name: 'Confirm Europe/Madrid' })).toBeEnabled();
  });

  it('shows a Guide no checklist, and who adds the tours', async () => {
    serve({});
    renderRoute(`/bookings/date/${DAY}`, { preloadedState: signedIn(makeUser({ role: 'Guide', company: fresh })) });
    expect(await screen.findByText('A Manager adds the company’s tours and the times they run.')).toBeVisible();
    expect(screen.queryByRole('region', { name: 'Set up Tourdesk' })).not.toBeInTheDocument();
  });
});
