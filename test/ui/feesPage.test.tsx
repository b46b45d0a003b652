import { screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import type { FeeRow } from '../../src/domain/reports';
import { apiUrl, company, makeUser, signedIn } from './fixtures';
import { renderRoute } from './renderWithProviders';
import { server } from './server';
import { pinClockAt } from './clock';
import { recordDownloads } from './downloads';

const manager = makeUser({
  company: { ...company, sources: ['Walkin', 'Viator', 'GetYourGuide'].map((label) => ({ id: label, label })) },
});

const fee = (tour: string, source: string, [adults, teens, children]: [number, number, number]): FeeRow => ({
  date: '2026-06-08',
  tour,
  source,
  attendees: [{ Adults: adults }, { Teens: teens }, { Children: children }],
});

// Tiqets is no longer one of the company's sources, but guests from it still checked in.
const FEES: FeeRow[] = [
  fee('Tapas Tour', 'Viator', [4, 1, 2]),
  fee('Old Town Walk', 'Walkin', [3, 0, 1]),
  fee('Old Town Walk', 'Tiqets', [2, 2, 5]),
  fee('Tapas Tour', 'Walkin', [1, 0, 0]),
];

function serveFees(answer: () => Response = () => HttpResponse.json(FEES)) {
  const bodies: unknown[] = [];
  server.use(
    http.post(apiUrl('/api/bookings/fees'), async ({ request }) => {
      bodies.push(await request.json());
      return answer();
    }),
  );
  return bodies;
}

const grid = () => screen.getByRole('grid', { name: 'Fees' });
const texts = (elements: HTMLElement[]) => elements.map((element) => element.textContent);
const headers = () => texts(within(grid()).getAllByRole('columnheader'));
const cells = () =>
  within(grid())
    .getAllByRole('row')
    .map((r) => texts(within(r).queryAllByRole('gridcell')))
    .filter((r) => r.length > 0);

const totalsRegion = () => screen.getByRole('region', { name: 'Totals' });
/** The totals shown, by label. */
function shownTotals(): Record<string, string | null> {
  const values = texts(within(totalsRegion()).getAllByRole('definition'));
  return Object.fromEntries(
    texts(within(totalsRegion()).getAllByRole('term')).map((term, i) => [term, values[i] ?? null]),
  );
}

const renderFees = () => renderRoute('/fees', { preloadedState: signedIn(manager) });

// 01:30 on 8 June in Madrid while it is still 7 June in UTC: today is the company's 8th.
pinClockAt('2026-06-07T23:30:00Z');

describe('fees page', () => {
  it("asks for today in the company's timezone and shows Date, Tour and one column per source", async () => {
    const bodies = serveFees();
    renderFees();

    expect(await screen.findByRole('group', { name: 'Date' })).toHaveTextContent('8/6/2026');
    expect(screen.getByRole('combobox', { name: 'Customer type' })).toHaveTextContent('Adults');
    await waitFor(() => expect(cells()).toHaveLength(2));
    expect(bodies).toEqual([{ day: '2026-06-08' }]);
    expect(headers()).toEqual(['Date', 'Tour', 'Walkin', 'Viator', 'GetYourGuide', 'Tiqets']);
    expect(cells()).toEqual([
      ['8/6/2026', 'Old Town Walk', '3', '0', '0', '2'],
      ['8/6/2026', 'Tapas Tour', '1', '4', '0', '0'],
    ]);
  });

  it('shows the chosen customer type', async () => {
    serveFees();
    const { user } = renderFees();
    await waitFor(() => expect(cells()).toHaveLength(2));

    await user.click(screen.getByRole('combobox', { name: 'Customer type' }));
    await user.click(await screen.findByRole('option', { name: 'Children' }));

    await waitFor(() =>
      expect(cells()).toEqual([
        ['8/6/2026', 'Old Town Walk', '1', '0', '0', '5'],
        ['8/6/2026', 'Tapas Tour', '0', '2', '0', '0'],
      ]),
    );
  });

  it('asks for the day picked', async () => {
    const bodies = serveFees();
    const { user } = renderFees();
    await waitFor(() => expect(bodies).toHaveLength(1));

    const date = screen.getByRole('group', { name: 'Date' });
    await user.click(within(date).getByRole('spinbutton', { name: 'Day' }));
    await user.keyboard('{ArrowDown}');

    await waitFor(() => expect(bodies).toEqual([{ day: '2026-06-08' }, { day: '2026-06-07' }]));
  });

  it('shows every customer type at once: a Type column, a line per type, totals over all of them', async () => {
    serveFees();
    const { user } = renderFees();
    await waitFor(() => expect(cells()).toHaveLength(2));

    await user.click(screen.getByRole('combobox', { name: 'Customer type' }));
    await user.click(await screen.findByRole('option', { name: 'All types' }));

    await waitFor(() => expect(cells()).toHaveLength(6));
    expect(headers()).toEqual(['Date', 'Tour', 'Type', 'Walkin', 'Viator', 'GetYourGuide', 'Tiqets']);
    expect(cells()).toEqual([
      ['8/6/2026', 'Old Town Walk', 'Adults', '3', '0', '0', '2'],
      ['8/6/2026', 'Old Town Walk', 'Teens', '0', '0', '0', '2'],
      ['8/6/2026', 'Old Town Walk', 'Children', '1', '0', '0', '5'],
      ['8/6/2026', 'Tapas Tour', 'Adults', '1', '4', '0', '0'],
      ['8/6/2026', 'Tapas Tour', 'Teens', '0', '1', '0', '0'],
      ['8/6/2026', 'Tapas Tour', 'Children', '0', '2', '0', '0'],
    ]);
    expect(shownTotals()).toEqual({ Walkin: '5', Viator: '7', GetYourGuide: '0', Tiqets: '9', 'All sources': '21' });
    expect(totalsRegion()).toHaveTextContent('Checked-in guests of every type of the day');
  });

  it('asks for a range of days with Several days, starting from the day chosen, and names the CSV after it', async () => {
    const bodies = serveFees(() =>
      HttpResponse.json([...FEES, { ...fee('Tapas Tour', 'Walkin', [2, 0, 0]), date: '2026-06-09' }]),
    );
    const downloads = recordDownloads();
    const { user } = renderFees();
    await waitFor(() => expect(bodies).toHaveLength(1));

    await user.click(screen.getByRole('switch', { name: 'Several days' }));
    expect(screen.getByRole('group', { name: 'From' })).toHaveTextContent('8/6/2026');
    const to = screen.getByRole('group', { name: 'To' });
    expect(to).toHaveTextContent('8/6/2026');
    await user.click(within(to).getByRole('spinbutton', { name: 'Day' }));
    await user.keyboard('{ArrowUp}');

    await waitFor(() => expect(bodies).toEqual([{ day: '2026-06-08' }, { from: '2026-06-08', to: '2026-06-09' }]));
    await waitFor(() => expect(cells()).toHaveLength(3));
    expect(cells()[2]).toEqual(['9/6/2026', 'Tapas Tour', '2', '0', '0', '0']);
    expect(totalsRegion()).toHaveTextContent('Checked-in Adults from 8/6/2026 to 9/6/2026');

    // An English reader's CSV is headed in English: there is no other language to choose.
    expect(screen.queryByRole('combobox', { name: 'CSV column names' })).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Download CSV' }));
    expect(downloads.map((d) => d.name)).toEqual(['fees-Adults-2026-06-08-to-2026-06-09.csv']);
  });

  it('says in plain words that it counts checked-in guests, not guests booked', async () => {
    serveFees();
    renderFees();
    expect(
      await screen.findByText(
        'The counts are checked-in guests, those marked as present at check-in, not the guests booked.',
      ),
    ).toBeInTheDocument();
  });

  it('totals each source column and all sources, for the chosen customer type', async () => {
    serveFees();
    const { user } = renderFees();
    await waitFor(() => expect(cells()).toHaveLength(2));
    expect(shownTotals()).toEqual({ Walkin: '4', Viator: '4', GetYourGuide: '0', Tiqets: '2', 'All sources': '10' });
    expect(totalsRegion()).toHaveTextContent('Checked-in Adults of the day');

    await user.click(screen.getByRole('combobox', { name: 'Customer type' }));
    await user.click(await screen.findByRole('option', { name: 'Children' }));

    await waitFor(() =>
      expect(shownTotals()).toEqual({ Walkin: '1', Viator: '2', GetYourGuide: '0', Tiqets: '5', 'All sources': '8' }),
    );
    expect(totalsRegion()).toHaveTextContent('Checked-in Children of the day');
  });

  it('says when nobody checked in that day', async () => {
    serveFees(() => HttpResponse.json([]));
    renderFees();
    expect(await screen.findByText('No checked-in guests this day')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Download CSV' })).toBeDisabled();
    expect(screen.queryByRole('region', { name: 'Totals' })).not.toBeInTheDocument();
  });

  it('says "You don\'t have the required permission" on a 403', async () => {
    serveFees(() =>
      HttpResponse.json(
        { error: "You don't have permission to perform that action", code: 'FORBIDDEN' },
        { status: 403 },
      ),
    );
    renderFees();
    expect(await screen.findByRole('alert')).toHaveTextContent("You don't have the required permission");
  });

  it('downloads the table as CSV named with the customer type and the date', async () => {
    serveFees();
    const downloads = recordDownloads();
    const { user } = renderFees();
    await waitFor(() => expect(cells()).toHaveLength(2));
    await user.click(screen.getByRole('combobox', { name: 'Customer type' }));
    await user.click(await screen.findByRole('option', { name: 'Children' }));

    await user.click(screen.getByRole('button', { name: 'Download CSV' }));

    expect(downloads.map((d) => d.name)).toEqual(['fees-Children-2026-06-08.csv']);
    const bytes = new Uint8Array(await downloads[0]!.blob.arrayBuffer());
    expect([...bytes.slice(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    expect((await downloads[0]!.blob.text()).split(/\r?\n/)).toEqual([
      'Date,Tour,Walkin,Viator,GetYourGuide,Tiqets',
      '8/6/2026,Old Town Walk,1,0,0,5',
      '8/6/2026,Tapas Tour,0,2,0,0',
    ]);
  });
});
