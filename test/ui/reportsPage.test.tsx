import { screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { ReportsPage } from '../../src/features/reports/ReportsPage';
import type { ReportPage, ReportRow } from '../../src/domain/reports';
import { apiUrl, company, gate, makeUser, signedIn, signedOut } from './fixtures';
import { renderRoute, renderWithProviders } from './renderWithProviders';
import { server } from './server';
import { pinClockAt } from './clock';

const tour = (label: string) => ({ _id: label, id: label, label, color: 'blue' as const, flag: 'none' as const });
const manager = makeUser({
  company: {
    ...company,
    timezone: 'Europe/Madrid',
    sources: ['Walkin', 'Viator'].map((label) => ({ id: label, label })),
    tours: [tour('Old Town Walk'), tour('Hop-On Harbour Cruise')],
  },
});

const row = (overrides: Partial<ReportRow> = {}): ReportRow => ({
  _id: 'b1',
  bookingId: 'GYG-123',
  reference: 'ABCD2345',
  name: 'Ana Pérez',
  source: 'Viator',
  tour: 'Hop-On Harbour Cruise',
  date: '2026-06-07',
  time: '10:30',
  createdAt: '2026-06-01T08:15:00.000Z',
  pax: 5,
  cancelled: false,
  customers: [{ Adults: 3 }, { Children: 2 }],
  attendees: [{ Adults: 1 }, { Children: 2 }],
  ...overrides,
});

/** Answers the report calls, recording each URL; `answer` sees the page and size asked for. */
function serveReport(answer: (url: URL) => Response | Promise<Response> = () => page([row()], 1)) {
  const urls: URL[] = [];
  server.use(
    http.get(apiUrl('/api/bookings/reports/:field/:start/:end/:sources/:tours'), ({ request }) => {
      const url = new URL(request.url);
      urls.push(url);
      return answer(url);
    }),
  );
  return urls;
}
const page = (rows: ReportRow[], total: number, extra: Partial<ReportPage> = {}) =>
  HttpResponse.json({ rows, total, page: 0, pageSize: 25, ...extra });
const NO_SHOW_HEADERS = [
  'ID',
  'Source',
  'Name',
  'Tour',
  'Time',
  'No Show Adults',
  'No Show Teens',
  'No Show Children',
  'Tour Date',
  'Reference',
];
const RESERVATION_HEADERS = ['Booked on', 'ID', 'Source', 'Name', 'Tour', 'Tour Date', 'Pax', 'Cancelled', 'Reference'];
/** The path's segments after /api/bookings/reports/, decoded as the server reads them. */
const segments = (url: URL) => url.pathname.split('/').slice(4).map(decodeURIComponent);

const grid = () => screen.getByRole('grid', { name: 'Report' });
const texts = (elements: HTMLElement[]) => elements.map((element) => element.textContent);
/** Every header with text: the "No Show" group's, then the columns'. */
const headers = () => texts(within(grid()).getAllByRole('columnheader')).filter((text) => text !== '');
const cells = () =>
  within(grid())
    .getAllByRole('row')
    .map((r) => texts(within(r).queryAllByRole('gridcell')))
    .filter((r) => r.length > 0);

async function renderReports() {
  const view = renderRoute('/reports', { preloadedState: signedIn(manager) });
  await screen.findByRole('button', { name: 'Generate' });
  return view;
}

type User = Awaited<ReturnType<typeof renderReports>>['user'];

async function choose(user: User, label: string, options: string[]) {
  await user.click(screen.getByRole('combobox', { name: label }));
  const list = await screen.findByRole('listbox');
  for (const option of options) await user.click(within(list).getByRole('option', { name: option }));
  await user.keyboard('{Escape}');
  await waitFor(() => expect(screen.queryByRole('listbox')).not.toBeInTheDocument());
}

async function chooseType(user: User, type: string) {
  await user.click(screen.getByRole('combobox', { name: 'Report type' }));
  await user.click(await screen.findByRole('option', { name: type }));
}

async function generate(user: User, { type }: { type?: string } = {}) {
  await choose(user, 'Sources', ['Select all']);
  await choose(user, 'Tours', ['Hop-On Harbour Cruise']);
  if (type) await chooseType(user, type);
  await user.click(screen.getByRole('button', { name: 'Generate' }));
}

/** The no-show totals shown, by customer type. */
function shownTotals(): Record<string, string | null> {
  const region = screen.getByRole('region', { name: 'No-show totals' });
  const values = texts(within(region).getAllByRole('definition'));
  return Object.fromEntries(texts(within(region).getAllByRole('term')).map((term, i) => [term, values[i] ?? null]));
}

/** jsdom has no object URLs and does not download: records the URL of each file the page hands the browser. */
function recordDownloads(): string[] {
  const saved: string[] = [];
  URL.createObjectURL = jest.fn(() => 'blob:test/csv');
  URL.revokeObjectURL = jest.fn();
  jest.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
    saved.push(this.download);
  });
  return saved;
}
const csvAnswer = () => new HttpResponse('\uFEFFID\r\n', { headers: { 'content-type': 'text/csv' } });

/** Long enough for a request a click might have started to reach msw. */
const settle = () => new Promise((resolve) => setTimeout(resolve, 100));

// 01:30 on 8 June in Madrid while it is still 7 June in UTC: yesterday is the 7th, not the 6th.
pinClockAt('2026-06-07T23:30:00Z');

describe('reports page', () => {
  it("defaults to yesterday..yesterday in the company's timezone and to the no-show report", async () => {
    await renderReports();
    expect(screen.getByRole('group', { name: 'From' })).toHaveTextContent('7/6/2026');
    expect(screen.getByRole('group', { name: 'To' })).toHaveTextContent('7/6/2026');
    expect(screen.getByRole('combobox', { name: 'Report type' })).toHaveTextContent('No-shows by tour date');
    expect(screen.getByRole('button', { name: 'Download CSV' })).toBeDisabled();
  });

  it.each([
    ['Sources', 'Tours', 'Old Town Walk'],
    ['Tours', 'Sources', 'Walkin'],
  ])('says both are needed and sends nothing when %s is empty', async (_empty, other, option) => {
    const urls = serveReport();
    const { user } = await renderReports();
    await choose(user, other, [option]);
    await user.click(screen.getByRole('button', { name: 'Generate' }));

    expect(await screen.findByRole('alert')).toHaveTextContent('Both Source and Tour need to be selected');
    await settle();
    expect(urls).toHaveLength(0);
  });

  it('asks for the tour-date field, the range and the encoded names, then shows the no-show columns', async () => {
    const urls = serveReport();
    const { user } = await renderReports();
    await generate(user);

    await waitFor(() => expect(cells()).toHaveLength(1));
    expect(segments(urls[0]!)).toEqual(['date', '2026-06-07', '2026-06-07', 'Walkin-Viator', 'Hop~dOn Harbour Cruise']);
    expect(urls[0]!.searchParams.get('page')).toBe('0');
    expect(urls[0]!.searchParams.get('pageSize')).toBe('25');
    expect(headers()).toEqual(['No Show'].concat(NO_SHOW_HEADERS));
    // 3 adults booked and 1 checked in; no teens booked; both children came.
    expect(cells()[0]).toEqual([
      'GYG-123',
      'Viator',
      'Ana Pérez',
      'Hop-On Harbour Cruise',
      '10:30',
      '2',
      '0',
      '0',
      '7/6/2026',
      'ABCD2345',
    ]);
  });

  it('asks for the booking-date field and shows the reservation columns, cancelled bookings marked', async () => {
    const urls = serveReport(() =>
      page([row(), row({ _id: 'b2', name: 'Bruno Cancelled', cancelled: true, createdAt: '2026-06-01T09:00:00Z' })], 2),
    );
    const { user } = await renderReports();
    await generate(user, { type: 'Reservations by booking date' });

    await waitFor(() => expect(cells()).toHaveLength(2));
    expect(segments(urls[0]!)[0]).toBe('createdAt');
    expect(headers()).toEqual(RESERVATION_HEADERS);
    // Booked at 08:15 UTC, 10:15 in Madrid.
    expect(cells()).toEqual([
      ['1/6/2026 10:15', 'GYG-123', 'Viator', 'Ana Pérez', 'Hop-On Harbour Cruise', '7/6/2026', '5', 'No', 'ABCD2345'],
      [
        '1/6/2026 11:00',
        'GYG-123',
        'Viator',
        'Bruno Cancelled',
        'Hop-On Harbour Cruise',
        '7/6/2026',
        '5',
        'Yes',
        'ABCD2345',
      ],
    ]);
  });

  it('is titled "No Shows", as its menu entry, on the page and in the browser tab', async () => {
    await renderReports();
    expect(screen.getByRole('heading', { level: 1, name: 'No Shows' })).toBeInTheDocument();
    expect(document.title).toBe('No Shows · Tourdesk');
  });

  it('clears the report when the type changes, so the grid and the download always follow the filters', async () => {
    const downloads = recordDownloads();
    const urls = serveReport((url) => (url.searchParams.get('format') === 'csv' ? csvAnswer() : page([row()], 1)));
    const { user } = await renderReports();
    await generate(user);
    await waitFor(() => expect(cells()).toHaveLength(1));
    const download = screen.getByRole('button', { name: 'Download CSV' });
    expect(download).toBeEnabled();

    await chooseType(user, 'Reservations by booking date');

    // The no-show rows are gone with their columns; nothing can be downloaded until Generate.
    expect(headers()).toEqual(RESERVATION_HEADERS);
    expect(cells()).toEqual([]);
    expect(screen.getByText('The filters changed: Generate to see their report')).toBeInTheDocument();
    expect(download).toBeDisabled();
    await settle();
    expect(urls).toHaveLength(1);

    await user.click(screen.getByRole('button', { name: 'Generate' }));
    await waitFor(() => expect(cells()).toHaveLength(1));
    expect(segments(urls[1]!)[0]).toBe('createdAt');
    await user.click(download);

    await waitFor(() => expect(downloads).toEqual(['data.csv']));
    expect(segments(urls[2]!)).toEqual(segments(urls[1]!));
    expect(urls[2]!.search).toBe('?format=csv&type=reservationDate');
  });

  it('clears the report when any other filter changes, and shows it again when changed back', async () => {
    const urls = serveReport();
    const { user } = await renderReports();
    await generate(user);
    await waitFor(() => expect(cells()).toHaveLength(1));

    await choose(user, 'Tours', ['Old Town Walk']);
    expect(cells()).toEqual([]);
    expect(screen.getByRole('button', { name: 'Download CSV' })).toBeDisabled();

    await choose(user, 'Tours', ['Old Town Walk']);
    await waitFor(() => expect(cells()).toHaveLength(1));
    expect(screen.getByRole('button', { name: 'Download CSV' })).toBeEnabled();
    expect(urls).toHaveLength(1);
  });

  it('sends onlyNoShows when "Only no-shows" is ticked, for the page and the CSV alike', async () => {
    const downloads = recordDownloads();
    const urls = serveReport((url) => (url.searchParams.get('format') === 'csv' ? csvAnswer() : page([row()], 1)));
    const { user } = await renderReports();
    const option = screen.getByRole('checkbox', { name: 'Only no-shows' });
    expect(option).not.toBeChecked();
    expect(option).toHaveAccessibleDescription('Bookings where at least one guest was not checked in');
    await user.click(option);
    await generate(user);
    await waitFor(() => expect(cells()).toHaveLength(1));
    expect(urls[0]!.search).toBe('?page=0&pageSize=25&onlyNoShows=true');

    await user.click(screen.getByRole('button', { name: 'Download CSV' }));
    await waitFor(() => expect(downloads).toHaveLength(1));
    expect(urls[1]!.search).toBe('?format=csv&type=checkinStatus&onlyNoShows=true');

    // Unticking it asks for another report: the one on screen is cleared.
    await user.click(option);
    expect(cells()).toEqual([]);
    expect(screen.getByRole('button', { name: 'Download CSV' })).toBeDisabled();
  });

  it('remembers the last "Only no-shows" choice of each person on this device', async () => {
    const other = makeUser({ ...manager, _id: 'user-9', email: 'other@demo.test' });
    const option = () => screen.getByRole('checkbox', { name: 'Only no-shows' });
    const first = await renderReports();
    expect(option()).not.toBeChecked();
    await first.user.click(option());
    first.unmount();

    const someoneElse = renderRoute('/reports', { preloadedState: signedIn(other) });
    await screen.findByRole('button', { name: 'Generate' });
    expect(option()).not.toBeChecked();
    someoneElse.unmount();

    const again = await renderReports();
    expect(option()).toBeChecked();
    await again.user.click(option());
    again.unmount();
    await renderReports();
    expect(option()).not.toBeChecked();
  });

  it('offers "Only no-shows" on the no-show report only, and never sends it with reservations', async () => {
    const urls = serveReport();
    const { user } = await renderReports();
    await user.click(screen.getByRole('checkbox', { name: 'Only no-shows' }));
    await generate(user, { type: 'Reservations by booking date' });

    expect(screen.queryByRole('checkbox', { name: 'Only no-shows' })).not.toBeInTheDocument();
    await waitFor(() => expect(cells()).toHaveLength(1));
    expect(urls[0]!.searchParams.has('onlyNoShows')).toBe(false);
    expect(screen.queryByRole('region', { name: 'No-show totals' })).not.toBeInTheDocument();
  });

  it("shows the server's no-show totals per customer type, kept while the next page loads", async () => {
    const nextPage = gate();
    serveReport(async (url) => {
      const at = Number(url.searchParams.get('page'));
      if (at > 0) await nextPage.opened;
      const noShowTotals = [{ Adults: 31 }, { Teens: 4 }, { Children: 9 }];
      return page([row({ _id: `b${at}`, name: `Guest on page ${at}` })], 60, { noShowTotals });
    });
    const { user } = await renderReports();
    await generate(user);
    expect(await screen.findByText('Guest on page 0')).toBeInTheDocument();
    expect(shownTotals()).toEqual({ Adults: '31', Teens: '4', Children: '9' });

    await user.click(screen.getByRole('button', { name: 'Go to next page' }));
    expect(await within(grid()).findByRole('progressbar')).toBeInTheDocument();
    expect(shownTotals()).toEqual({ Adults: '31', Teens: '4', Children: '9' });
    expect(screen.getByText('26–50 of 60')).toBeInTheDocument();
    nextPage.open();
    expect(await screen.findByText('Guest on page 1')).toBeInTheDocument();
  });

  it('asks the server for the next page with the page size', async () => {
    const urls = serveReport((url) => {
      const at = Number(url.searchParams.get('page'));
      return page([row({ _id: `b${at}`, name: `Guest on page ${at}` })], 60);
    });
    const { user } = await renderReports();
    await generate(user);
    expect(await screen.findByText('Guest on page 0')).toBeInTheDocument();
    expect(screen.getByText('1–25 of 60')).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Go to next page' }));

    expect(await screen.findByText('Guest on page 1')).toBeInTheDocument();
    expect(urls.map((url) => url.search)).toEqual(['?page=0&pageSize=25', '?page=1&pageSize=25']);
  });

  it('shows a progress indicator while the report loads', async () => {
    const response = gate();
    server.use(
      http.get(apiUrl('/api/bookings/reports/:field/:start/:end/:sources/:tours'), async () => {
        await response.opened;
        return page([row()], 1);
      }),
    );
    const { user } = await renderReports();
    await generate(user);

    expect(await within(grid()).findByRole('progressbar')).toBeInTheDocument();
    response.open();
    await waitFor(() => expect(cells()).toHaveLength(1));
    expect(within(grid()).queryByRole('progressbar')).not.toBeInTheDocument();
  });

  it('says there is no data when the report is empty', async () => {
    serveReport(() => page([], 0));
    const { user } = await renderReports();
    await generate(user);
    expect(await screen.findByText('No data to display. You may try different filters :)')).toBeInTheDocument();
  });

  it('shows an inline error and sends nothing when To is before From', async () => {
    const urls = serveReport();
    const { user } = await renderReports();
    const to = screen.getByRole('group', { name: 'To' });
    await user.click(within(to).getByRole('spinbutton', { name: 'Month' }));
    await user.keyboard('{ArrowDown}');
    expect(await screen.findByText('To must be on or after From')).toBeInTheDocument();

    await generate(user);
    await settle();
    expect(urls).toHaveLength(0);
  });

  it('says "You don\'t have the required permission" on a 403', async () => {
    serveReport(() =>
      HttpResponse.json(
        { error: "You don't have permission to perform that action", code: 'FORBIDDEN' },
        { status: 403 },
      ),
    );
    const { user } = await renderReports();
    await generate(user);
    expect(await screen.findByRole('alert')).toHaveTextContent("You don't have the required permission");
  });

  it('says "You don\'t have the required permission" without a signed-in user', () => {
    renderWithProviders(<ReportsPage />, { preloadedState: signedOut() });
    expect(screen.getByRole('alert')).toHaveTextContent("You don't have the required permission");
    expect(screen.queryByRole('button', { name: 'Generate' })).not.toBeInTheDocument();
  });

  it('downloads the whole report as data.csv from the server', async () => {
    const csv = gate();
    const urls = serveReport(async (url) => {
      if (url.searchParams.get('format') !== 'csv') return page([row()], 1);
      await csv.opened;
      return new HttpResponse('\uFEFFID,Source\r\nGYG-123,Viator\r\n', { headers: { 'content-type': 'text/csv' } });
    });
    // jsdom has no object URLs and does not download: record what the page hands the browser instead.
    const blobs: Blob[] = [];
    URL.createObjectURL = jest.fn((blob: Blob) => `blob:test/${blobs.push(blob)}`);
    URL.revokeObjectURL = jest.fn();
    const saved: { name: string; href: string }[] = [];
    jest.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      saved.push({ name: this.download, href: this.href });
    });
    const { user } = await renderReports();
    await generate(user);
    await waitFor(() => expect(cells()).toHaveLength(1));

    const download = screen.getByRole('button', { name: 'Download CSV' });
    await user.click(download);
    await waitFor(() => expect(download).toHaveAttribute('aria-busy', 'true'));
    expect(download).toBeDisabled();
    csv.open();

    await waitFor(() => expect(saved).toEqual([{ name: 'data.csv', href: 'blob:test/1' }]));
    expect(urls[1]!.search).toBe('?format=csv&type=checkinStatus');
    expect(segments(urls[1]!)).toEqual(segments(urls[0]!));
    // The server's bytes, BOM included (text() would drop it).
    expect([...new Uint8Array(await blobs[0]!.arrayBuffer())].slice(0, 3)).toEqual([0xef, 0xbb, 0xbf]);
    expect(await blobs[0]!.text()).toBe('ID,Source\r\nGYG-123,Viator\r\n');
    await waitFor(() => expect(download).toBeEnabled());
  });

  it('shows why the CSV could not be downloaded', async () => {
    serveReport((url) =>
      url.searchParams.get('format') === 'csv'
        ? HttpResponse.json({ error: 'A report covers at most three years', code: 'VALIDATION' }, { status: 400 })
        : page([row()], 1),
    );
    URL.createObjectURL = jest.fn();
    const { user } = await renderReports();
    await generate(user);
    await waitFor(() => expect(cells()).toHaveLength(1));

    await user.click(screen.getByRole('button', { name: 'Download CSV' }));

    expect(await screen.findByRole('alert')).toHaveTextContent('A report covers at most three years');
    expect(URL.createObjectURL).not.toHaveBeenCalled();
  });
});
