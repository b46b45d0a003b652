import { screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import type { AuthUser } from '../../src/domain/auth';
import type { GuideShiftRow } from '../../src/domain/team';
import { apiUrl, company, makeUser, signedIn } from './fixtures';
import { loadBeforeTests, renderRoute } from './renderWithProviders';
import { server } from './server';
import { pinClockAt } from './clock';
import { recordDownloads, type Download } from './downloads';

const manager = makeUser({ _id: 'user-1', name: 'Maria Manager' });
const guide = makeUser({ _id: 'user-2', name: 'Gabriel Guide', email: 'guide@demo.test', role: 'Guide' });
const sources = [
  { id: 'Walkin', label: 'Walkin' },
  { id: 'Viator', label: 'Viator' },
  { id: 'GetYourGuide', label: 'GetYourGuide' },
];

function shift(
  date: string,
  tour: string,
  guideName: string,
  counts: [number, number, number],
  time = '10:00',
): GuideShiftRow {
  const [adults, teens, children] = counts;
  return {
    shiftString: `${date}-${time}-${tour}`,
    date,
    time,
    tour,
    guide: guideName,
    attendees: [{ Adults: adults }, { Teens: teens }, { Children: children }],
    bySource: [
      { source: 'Viator', attendees: [{ Adults: adults }, { Teens: 0 }, { Children: children }] },
      { source: 'Walkin', attendees: [{ Adults: 0 }, { Teens: teens }, { Children: 0 }] },
    ],
  };
}

const SHIFTS: Record<string, GuideShiftRow[]> = {
  'user-1': [shift('2026-06-03', 'Tapas Tour', 'Maria Manager', [2, 0, 0])],
  'user-2': [
    shift('2026-06-02', 'Old Town Walk', 'Gabriel Guide', [3, 1, 2]),
    shift('2026-06-01', 'Tapas Tour', 'Gabriel Guide', [4, 0, 1]),
  ],
};

/** Answers the report calls like the server: a body without `guide` means the caller (the Guide) themselves. */
function serveShifts(caller: AuthUser) {
  const bodies: Record<string, unknown>[] = [];
  server.use(
    http.get(apiUrl('/api/user/guides/company'), () =>
      HttpResponse.json([
        { _id: 'user-2', name: 'Gabriel Guide' },
        { _id: 'user-1', name: 'Maria Manager' },
      ]),
    ),
    http.post(apiUrl('/api/shift/guide-time-range'), async ({ request }) => {
      const body = (await request.json()) as { guide?: string };
      bodies.push(body);
      return HttpResponse.json(SHIFTS[body.guide ?? caller._id] ?? []);
    }),
  );
  return bodies;
}

const renderShifts = (user: AuthUser) => renderRoute('/shifts', { preloadedState: signedIn(user) });
const grid = () => screen.findByRole('grid', { name: 'Shifts' });
const headers = (table: HTMLElement) =>
  within(table)
    .getAllByRole('columnheader')
    .map((header) => header.textContent);
const cells = (table: HTMLElement) =>
  within(table)
    .getAllByRole('row')
    .slice(1)
    .map((row) =>
      within(row)
        .getAllByRole('gridcell')
        .map((cell) => cell.textContent),
    );
const range = { start: '2026-06-01', end: '2026-06-07' };

const csvLines = async (downloads: Download[]) => {
  await waitFor(() => expect(downloads).toHaveLength(1));
  return (await downloads[0]!.blob.text()).replace(/^\uFEFF/, '').split(/\r?\n/);
};

// 12:00 in Madrid on Sunday 7 June 2026.
pinClockAt('2026-06-07T10:00:00Z');

loadBeforeTests(() => import('../../src/features/shifts/ShiftsPage'));

describe('shifts page', () => {
  it('starts a Manager on no guide, asks nothing until one is picked, then shows their last 7 days', async () => {
    const bodies = serveShifts(manager);
    const { user } = renderShifts(manager);

    const picker = await screen.findByRole('combobox', { name: 'Guide' });
    expect(picker).not.toHaveTextContent(/\w/);
    expect(picker).toHaveAccessibleDescription('Choose whose shifts to show');
    expect(screen.getByRole('group', { name: 'From' })).toHaveTextContent('1/6/2026');
    expect(screen.getByRole('group', { name: 'To' })).toHaveTextContent('7/6/2026');
    expect(await screen.findByText('Choose a guide to see their shifts')).toBeInTheDocument();
    expect(bodies).toEqual([]);

    await user.click(picker);
    await user.click(await screen.findByRole('option', { name: 'Gabriel Guide' }));
    await waitFor(() => expect(cells(screen.getByRole('grid', { name: 'Shifts' }))).toHaveLength(2));
    expect(bodies).toEqual([{ guide: 'user-2', timeRange: range }]);

    await user.click(picker);
    await user.click(await screen.findByRole('option', { name: 'Maria Manager' }));
    await waitFor(() => expect(bodies).toHaveLength(2));
    expect(bodies[1]).toEqual({ guide: 'user-1', timeRange: range });
    await waitFor(() => expect(cells(screen.getByRole('grid', { name: 'Shifts' }))).toHaveLength(1));
  });

  it('shows a Guide no picker and asks for their own shifts without naming a guide', async () => {
    const bodies = serveShifts(guide);
    renderShifts(guide);

    await waitFor(() => expect(bodies).toHaveLength(1));
    expect(bodies[0]).toEqual({ timeRange: range });
    expect(screen.queryByRole('combobox', { name: 'Guide' })).not.toBeInTheDocument();
    await waitFor(() => expect(cells(screen.getByRole('grid', { name: 'Shifts' }))).toHaveLength(2));
  });

  it('shows the date, time, tour and attendees per type, oldest first, when shifts are not detailed', async () => {
    serveShifts(guide);
    renderShifts(guide);

    const table = await grid();
    await waitFor(() => expect(cells(table)).toHaveLength(2));
    expect(headers(table)).toEqual(['Date', 'Time', 'Tour', 'Adults', 'Teens', 'Children']);
    expect(cells(table)).toEqual([
      ['1/6/2026', '10:00', 'Tapas Tour', '4', '0', '1'],
      ['2/6/2026', '10:00', 'Old Town Walk', '3', '1', '2'],
    ]);
  });

  it("shows one column per company source and a total when the company's shifts are detailed", async () => {
    const detailedGuide = makeUser({ ...guide, company: { ...company, sources, detailedShifts: true } });
    serveShifts(detailedGuide);
    renderShifts(detailedGuide);

    const table = await grid();
    await waitFor(() => expect(cells(table)).toHaveLength(2));
    expect(headers(table)).toEqual(['Date', 'Time', 'Tour', 'Walkin', 'Viator', 'GetYourGuide', 'Total']);
    expect(cells(table)).toEqual([
      ['1/6/2026', '10:00', 'Tapas Tour', '0', '5', '0', '5'],
      ['2/6/2026', '10:00', 'Old Town Walk', '1', '5', '0', '6'],
    ]);
  });

  it('shows a Guide attendees per type, not per source, when the company hides sources from Guides', async () => {
    const hidden = makeUser({ ...guide, company: { ...company, sources, detailedShifts: true, display: false } });
    serveShifts(hidden);
    renderShifts(hidden);

    const table = await grid();
    await waitFor(() => expect(cells(table)).toHaveLength(2));
    expect(headers(table)).toEqual(['Date', 'Time', 'Tour', 'Adults', 'Teens', 'Children']);
  });

  it.each([
    [
      false,
      ['Date', 'Time', 'Tour', 'Adults', 'Teens', 'Children'],
      ['10:00,Tapas Tour,4,0,1', '17:30,Tapas Tour,2,0,0'],
    ],
    [
      true,
      ['Date', 'Time', 'Tour', 'Walkin', 'Viator', 'GetYourGuide', 'Total'],
      ['10:00,Tapas Tour,0,5,0,5', '17:30,Tapas Tour,0,2,0,2'],
    ],
  ])(
    'tells two departures of one tour on one day apart by their time, on screen and in the CSV (detailed: %s)',
    async (detailedShifts, columns, lines) => {
      const twoDepartures = makeUser({ ...guide, company: { ...company, sources, detailedShifts } });
      serveShifts(twoDepartures);
      server.use(
        http.post(apiUrl('/api/shift/guide-time-range'), () =>
          HttpResponse.json([
            shift('2026-06-01', 'Tapas Tour', 'Gabriel Guide', [2, 0, 0], '17:30'),
            shift('2026-06-01', 'Tapas Tour', 'Gabriel Guide', [4, 0, 1], '10:00'),
          ]),
        ),
      );
      const downloads = recordDownloads();
      const { user } = renderShifts(twoDepartures);

      const table = await grid();
      await waitFor(() => expect(cells(table)).toHaveLength(2));
      expect(headers(table)).toEqual(columns);
      expect(cells(table).map((row) => row.slice(0, 3))).toEqual([
        ['1/6/2026', '10:00', 'Tapas Tour'],
        ['1/6/2026', '17:30', 'Tapas Tour'],
      ]);

      await user.click(screen.getByRole('button', { name: 'Download CSV' }));
      expect(await csvLines(downloads)).toEqual([columns.join(','), ...lines.map((line) => `1/6/2026,${line}`)]);
    },
  );

  it('says there are no shifts in an empty range', async () => {
    serveShifts(guide);
    server.use(http.post(apiUrl('/api/shift/guide-time-range'), () => HttpResponse.json([])));
    renderShifts(guide);

    expect(await screen.findByText('No shifts in this range')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Download CSV' })).toBeDisabled();
  });

  it('shows an error and sends nothing when To is before From', async () => {
    const bodies = serveShifts(guide);
    const { user } = renderShifts(guide);
    await waitFor(() => expect(bodies).toHaveLength(1));

    const to = screen.getByRole('group', { name: 'To' });
    await user.click(within(to).getByRole('spinbutton', { name: 'Month' }));
    await user.keyboard('{ArrowDown}');

    expect(to).toHaveTextContent('7/5/2026');
    expect(await screen.findByText('To must be on or after From')).toBeInTheDocument();
    // Long enough for a request the change might have started to arrive.
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(bodies).toHaveLength(1);
  });

  it("shows the server's error", async () => {
    serveShifts(guide);
    server.use(
      http.post(apiUrl('/api/shift/guide-time-range'), () =>
        HttpResponse.json(
          { error: "You don't have permission to perform that action", code: 'FORBIDDEN' },
          { status: 403 },
        ),
      ),
    );
    renderShifts(guide);

    expect(await screen.findByRole('alert')).toHaveTextContent("You don't have permission to perform that action");
  });

  it('downloads the CSV named with the guide and the range', async () => {
    serveShifts(manager);
    const downloads = recordDownloads();
    const { user } = renderShifts(manager);
    await user.click(await screen.findByRole('combobox', { name: 'Guide' }));
    await user.click(await screen.findByRole('option', { name: 'Gabriel Guide' }));
    await waitFor(() => expect(cells(screen.getByRole('grid', { name: 'Shifts' }))).toHaveLength(2));

    await user.click(screen.getByRole('button', { name: 'Download CSV' }));

    expect(downloads.map((d) => d.name)).toEqual(['shifts-Gabriel Guide-2026-06-01-to-2026-06-07.csv']);
    expect(await csvLines(downloads)).toEqual([
      'Date,Time,Tour,Adults,Teens,Children',
      '1/6/2026,10:00,Tapas Tour,4,0,1',
      '2/6/2026,10:00,Old Town Walk,3,1,2',
    ]);
  });
});
