import { screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import type { Company } from '../../src/domain/company';
import type { Timetable } from '../../src/domain/timetable';
import { apiUrl, company, makeUser, noApiKeys, signedIn } from './fixtures';
import { renderRoute } from './renderWithProviders';
import { server } from './server';

const withTours: Company = {
  ...company,
  tours: [
    { _id: 'tour-1', id: 'old-town', label: 'Old Town Walk', color: 'blue', flag: 'uk', archived: false },
    { _id: 'tour-2', id: 'tapas', label: 'Tapas Tour', color: 'pink', flag: 'spain', archived: false },
  ],
};
const stored: Timetable = {
  departures: [
    {
      tourId: 'tour-1',
      weekdays: [1, 2, 3, 4, 5, 6, 7],
      time: '10:00',
      validFrom: '2026-01-01',
      validUntil: null,
      capacity: null,
    },
  ],
  exceptions: [],
};

function serveTimetable(answer: Timetable = stored) {
  const saved: unknown[] = [];
  server.use(
    noApiKeys(),
    http.get(apiUrl('/api/company/:companyId/timetable'), () => HttpResponse.json(answer)),
    http.put(apiUrl('/api/company/:companyId/timetable'), async ({ request }) => {
      const body = (await request.json()) as Timetable;
      saved.push(body);
      return HttpResponse.json(body);
    }),
  );
  return saved;
}

const renderSettings = (c: Company = withTours) =>
  renderRoute('/settings', { preloadedState: signedIn(makeUser({ company: c })) });

describe('timetable on the settings page', () => {
  it('adds Tapas Tour Thursday to Saturday at 19:30 with a capacity, and saves the whole timetable', async () => {
    const saved = serveTimetable();
    const { user } = renderSettings();
    const section = await screen.findByRole('region', { name: 'Timetable' });
    expect(await within(section).findByRole('group', { name: 'Old Town Walk at 10:00' })).toBeInTheDocument();
    const save = within(section).getByRole('button', { name: 'Save timetable' });
    expect(save).toBeDisabled();

    await user.click(within(section).getByRole('button', { name: 'Add a departure' }));
    const added = within(section).getAllByRole('group', { name: 'Old Town Walk at 10:00' }).at(-1)!;
    await user.click(within(added).getByRole('combobox', { name: 'Tour' }));
    await user.click(await screen.findByRole('option', { name: 'Tapas Tour' }));
    const time = within(added).getByLabelText('Time');
    await user.clear(time);
    await user.type(time, '19:30');
    for (const day of ['Monday', 'Tuesday', 'Wednesday', 'Sunday']) {
      await user.click(within(added).getByRole('button', { name: day }));
    }
    await user.type(within(added).getByRole('spinbutton', { name: 'Capacity' }), '25');
    await user.click(save);

    await waitFor(() => expect(saved).toHaveLength(1));
    expect(saved[0]).toEqual({
      departures: [
        stored.departures[0],
        {
          tourId: 'tour-2',
          weekdays: [4, 5, 6],
          time: '19:30',
          validFrom: expect.any(String),
          validUntil: null,
          capacity: 25,
        },
      ],
      exceptions: [],
    });
    expect(await screen.findByText('Timetable saved')).toBeVisible();
  });

  it('says what is wrong and keeps Save off: no weekday, the last day before the first', async () => {
    serveTimetable();
    const { user } = renderSettings();
    const row = await screen.findByRole('group', { name: 'Old Town Walk at 10:00' });
    await user.type(within(row).getByLabelText('Until'), '2025-12-31');
    expect(within(row).getByText('The last day comes before the first')).toBeVisible();
    expect(screen.getByRole('button', { name: 'Save timetable' })).toBeDisabled();
    await user.clear(within(row).getByLabelText('Until'));
    for (const day of ['Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday', 'Sunday']) {
      await user.click(within(row).getByRole('button', { name: day }));
    }
    expect(within(row).getByText('Pick at least one weekday')).toBeVisible();
    expect(screen.getByRole('button', { name: 'Save timetable' })).toBeDisabled();
  });

  it('asks for a tour first when the company has none', async () => {
    serveTimetable({ departures: [], exceptions: [] });
    renderSettings({ ...withTours, tours: [] });
    expect(await screen.findByText('Add a tour above first, then the days and times it runs.')).toBeVisible();
  });
});
