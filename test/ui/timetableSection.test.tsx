import { screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import type { Company } from '../../src/domain/company';
import type { Timetable } from '../../src/domain/timetable';
import { apiUrl, company, makeUser, signedIn } from './fixtures';
import { TimetableSection } from '../../src/features/settings/TimetableSection';
import { companyApi } from '../../src/services/companyApi';
import { renderWithProviders, shownCompany } from './renderWithProviders';
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
const DAYS = ['Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat', 'Sun'];

function serveTimetable(answer: Timetable = stored) {
  const saved: unknown[] = [];
  server.use(
    http.get(apiUrl('/api/company/:companyId/timetable'), () => HttpResponse.json(answer)),
    http.put(apiUrl('/api/company/:companyId/timetable'), async ({ request }) => {
      const body = (await request.json()) as Timetable;
      saved.push(body);
      return HttpResponse.json(body);
    }),
  );
  return saved;
}

// The section alone: the page around it is the settings page's own tests'.
const renderSettings = (c: Company = withTours) =>
  renderWithProviders(<TimetableSection company={c} />, { preloadedState: signedIn(makeUser({ company: c })) });
type User = ReturnType<typeof renderSettings>['user'];

const timetable = () => screen.findByRole('region', { name: 'Timetable' });
const dayButtons = (row: HTMLElement) =>
  within(within(row).getByRole('group', { name: 'Weekdays' })).getAllByRole('button');
const picked = (row: HTMLElement) =>
  dayButtons(row)
    .filter((b) => b.getAttribute('aria-pressed') === 'true')
    .map((b) => b.textContent);

/** Types into a date or time field section by section, as a person does (d/M/yyyy, 24-hour HH:mm). */
async function typeInto(user: User, field: HTMLElement, sections: Record<string, string>) {
  for (const [name, digits] of Object.entries(sections)) {
    await user.click(within(field).getByRole('spinbutton', { name }));
    await user.keyboard(digits);
  }
}

async function addDeparture(user: User) {
  const section = await timetable();
  const add = await within(section).findByRole('button', { name: 'Add a departure' });
  const before = within(section).queryAllByRole('listitem').length;
  await user.click(add);
  return within(section).getAllByRole('listitem')[before]!;
}

describe('timetable on the settings page', () => {
  it('adds Tapas Tour Thursday to Saturday at 19:30 with a capacity, and saves the whole timetable', async () => {
    const saved = serveTimetable();
    const { user } = renderSettings();
    const section = await timetable();
    expect(await within(section).findByRole('listitem', { name: 'Old Town Walk at 10:00' })).toBeInTheDocument();
    const save = within(section).getByRole('button', { name: 'Save timetable' });
    expect(save).toBeDisabled();

    const added = await addDeparture(user);
    await user.click(within(added).getByRole('combobox', { name: 'Tour' }));
    await user.click(await screen.findByRole('option', { name: 'Tapas Tour' }));
    await typeInto(user, within(added).getByRole('group', { name: 'Time' }), { Hours: '19', Minutes: '30' });
    expect(added).toHaveAccessibleName('Tapas Tour at 19:30');
    for (const day of ['Thu', 'Fri', 'Sat']) await user.click(within(added).getByRole('button', { name: day }));
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

  it('starts a new departure on no day: Save stays off and says why until a day is picked, which then shows ticked', async () => {
    const saved = serveTimetable();
    const { user } = renderSettings();
    const added = await addDeparture(user);
    const save = screen.getByRole('button', { name: 'Save timetable' });

    expect(picked(added)).toEqual([]);
    expect(within(added).getByText('Pick at least one weekday')).toBeVisible();
    expect(within(added).getByRole('group', { name: 'Weekdays' })).toHaveAccessibleDescription(
      'Pick at least one weekday',
    );
    expect(save).toBeDisabled();

    await user.click(within(added).getByRole('button', { name: 'Wed' }));
    await user.click(within(added).getByRole('button', { name: 'Sun' }));
    await user.click(within(added).getByRole('button', { name: 'Mon' }));
    expect(picked(added)).toEqual(['Mon', 'Wed', 'Sun']);
    // Picked is filled and ticked, not a faint shade: a check mark inside, the fill of the primary colour.
    const wednesday = within(added).getByRole('button', { name: 'Wed' });
    expect(wednesday.querySelector('svg[data-testid="CheckIcon"]')).not.toBeNull();
    expect(within(added).getByRole('button', { name: 'Tue' }).querySelector('svg')).toBeNull();
    expect(getComputedStyle(wednesday).backgroundColor).toBe('rgb(11, 110, 110)');
    expect(within(added).queryByText('Pick at least one weekday')).not.toBeInTheDocument();
    expect(save).toBeEnabled();

    await user.click(save);
    await waitFor(() => expect(saved).toHaveLength(1));
    expect((saved[0] as Timetable).departures[1]?.weekdays).toEqual([1, 3, 7]);
  });

  it('names each day button by the text it shows, and lists the departures as list items', async () => {
    serveTimetable();
    const { user } = renderSettings();
    const section = await timetable();
    const row = await within(section).findByRole('listitem', { name: 'Old Town Walk at 10:00' });
    expect(dayButtons(row).map((b) => b.textContent)).toEqual(DAYS);
    for (const button of dayButtons(row)) expect(button).toHaveAccessibleName(button.textContent!);
    expect(picked(row)).toEqual(DAYS);
    await user.click(await within(section).findByRole('button', { name: 'Add a one-day change' }));

    const departures = within(section).getByRole('list', { name: 'Weekly departures' });
    expect(within(departures).getAllByRole('listitem')).toHaveLength(1);
    expect(within(departures).queryByRole('group', { name: 'Old Town Walk at 10:00' })).not.toBeInTheDocument();
    const changes = within(section).getByRole('list', { name: 'One-day changes' });
    expect(within(changes).getAllByRole('listitem')).toHaveLength(1);
    for (const list of [departures, changes]) {
      expect([...list.children].map((child) => child.tagName)).toEqual(['LI']);
      expect(list.querySelector('li[role]')).toBeNull();
    }
  });

  it('shows days as d/m/yyyy and times on 24 hours, whatever the browser is set to', async () => {
    serveTimetable({
      ...stored,
      departures: [{ ...stored.departures[0]!, time: '17:05', validFrom: '2026-03-07', validUntil: '2026-11-30' }],
    });
    renderSettings();
    const row = await within(await timetable()).findByRole('listitem', { name: 'Old Town Walk at 17:05' });
    expect(within(row).getByRole('group', { name: 'Time' })).toHaveTextContent('17:05');
    expect(within(row).getByRole('group', { name: 'From' })).toHaveTextContent('7/3/2026');
    expect(within(row).getByRole('group', { name: 'Until' })).toHaveTextContent('30/11/2026');
  });

  it('says what is wrong and keeps Save off: the last day before the first, a day the calendar has not', async () => {
    serveTimetable();
    const { user } = renderSettings();
    const row = await within(await timetable()).findByRole('listitem', { name: 'Old Town Walk at 10:00' });
    const save = screen.getByRole('button', { name: 'Save timetable' });
    const until = within(row).getByRole('group', { name: 'Until' });
    await typeInto(user, until, { Day: '31', Month: '12', Year: '2025' });
    expect(within(row).getByText('The last day comes before the first')).toBeVisible();
    expect(save).toBeDisabled();
    await typeInto(user, until, { Year: '2026' });
    expect(within(row).queryByText('The last day comes before the first')).not.toBeInTheDocument();
    expect(save).toBeEnabled();
    // 31/2/2026 is no day: not an end, and not "no end" either.
    await typeInto(user, until, { Month: '02' });
    expect(within(row).getByText('Enter the last day as d/m/yyyy, or leave it empty')).toBeVisible();
    expect(save).toBeDisabled();
    await typeInto(user, until, { Month: '12' });
    expect(save).toBeEnabled();
  });

  it('keeps Save off once every day of a departure is unpicked', async () => {
    serveTimetable();
    const { user } = renderSettings();
    const row = await within(await timetable()).findByRole('listitem', { name: 'Old Town Walk at 10:00' });
    for (const day of DAYS) await user.click(within(row).getByRole('button', { name: day }));
    expect(within(row).getByText('Pick at least one weekday')).toBeVisible();
    expect(screen.getByRole('button', { name: 'Save timetable' })).toBeDisabled();
  });

  it("shows the server's reason when it refuses the timetable", async () => {
    serveTimetable();
    server.use(
      http.put(apiUrl('/api/company/:companyId/timetable'), () =>
        HttpResponse.json(
          {
            error: 'weekdays: Pick at least one weekday',
            code: 'VALIDATION',
            details: [{ path: 'departures/0/weekdays', message: 'weekdays: Pick at least one weekday' }],
          },
          { status: 400 },
        ),
      ),
    );
    const { user } = renderSettings();
    const row = await within(await timetable()).findByRole('listitem', { name: 'Old Town Walk at 10:00' });
    await user.click(within(row).getByRole('button', { name: 'Sun' }));
    await user.click(screen.getByRole('button', { name: 'Save timetable' }));
    expect(await screen.findByText('weekdays: Pick at least one weekday')).toBeVisible();
  });

  it('reads the company again when the server says a tour is no longer one of its tours', async () => {
    serveTimetable();
    let companyReads = 0;
    server.use(
      http.put(apiUrl('/api/company/:companyId/timetable'), () =>
        HttpResponse.json(
          { error: "departures.0.tourId: Not one of this company's tours", code: 'UNKNOWN_TOUR' },
          { status: 400 },
        ),
      ),
      http.get(apiUrl('/api/company'), () => {
        companyReads += 1;
        return HttpResponse.json({
          ...withTours,
          tours: [{ ...withTours.tours[0]!, archived: true }, withTours.tours[1]],
        });
      }),
    );
    const { user, store } = renderSettings();
    // The settings page holds the company while it is open.
    store.dispatch(companyApi.endpoints.getCompany.initiate());
    const row = await within(await timetable()).findByRole('listitem', { name: 'Old Town Walk at 10:00' });
    await user.click(within(row).getByRole('button', { name: 'Sun' }));
    await user.click(screen.getByRole('button', { name: 'Save timetable' }));

    expect(await screen.findByText("departures.0.tourId: Not one of this company's tours")).toBeVisible();
    await waitFor(() => expect(shownCompany(store)?.tours[0]?.archived).toBe(true));
    expect(companyReads).toBe(1);
  });

  it('keeps what was typed in a row when a row above it is removed', async () => {
    serveTimetable();
    const { user } = renderSettings();
    const added = await addDeparture(user);
    await typeInto(user, within(added).getByRole('group', { name: 'Time' }), { Hours: '18', Minutes: '45' });
    await user.click(within(added).getByRole('button', { name: 'Fri' }));
    const first = screen.getByRole('listitem', { name: 'Old Town Walk at 10:00' });
    await user.click(within(first).getByRole('button', { name: 'Remove' }));

    const [only] = within(screen.getByRole('list', { name: 'Weekly departures' })).getAllByRole('listitem');
    expect(only).toHaveAccessibleName('Old Town Walk at 18:45');
    expect(within(only!).getByRole('group', { name: 'Time' })).toHaveTextContent('18:45');
    expect(picked(only!)).toEqual(['Fri']);
  });

  it('asks for a tour first when the company has none', async () => {
    serveTimetable({ departures: [], exceptions: [] });
    renderSettings({ ...withTours, tours: [] });
    expect(await screen.findByText('Add a tour above first, then the days and times it runs.')).toBeVisible();
  });
});
