import { screen, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import type { RefusedChange } from '../../src/domain/schemas/imports';
import { pinClockAt } from './clock';
import { apiUrl, makeUser, signedIn } from './fixtures';
import { refusedChangesRoute } from './importFixtures';
import { renderRoute } from './renderWithProviders';
import { server } from './server';

pinClockAt('2026-11-12T10:00:00Z');

const booking = {
  _id: 'b-1',
  bookingId: 'V-1001',
  name: 'Ana Viator',
  source: 'Viator',
  date: '2026-11-12',
  time: '10:00',
  tour: 'Old Town Walk',
};
const moved: RefusedChange = {
  _id: '42',
  at: '2026-11-12T09:30:00Z',
  by: 'API key Viator',
  fileName: null,
  booking,
  checkedIn: 3,
  wanted: [{ field: 'Date', from: '2026-11-12', to: '2027-01-15' }],
  code: 'MOVE_CHECKED_IN',
};
const cancelled: RefusedChange = {
  ...moved,
  _id: '41',
  at: '2026-11-11T18:05:00Z',
  by: 'Maria Manager',
  fileName: 'viator-november.csv',
  wanted: [{ field: 'Cancelled' }],
  code: 'CANCEL_CHECKED_IN',
};

function serveImportPage(refused: RefusedChange[] | (() => Response)) {
  server.use(
    http.get(apiUrl('/api/imports/mappings'), () => HttpResponse.json([])),
    http.get(apiUrl('/api/imports'), () => HttpResponse.json([])),
    typeof refused === 'function'
      ? http.get(apiUrl('/api/imports/refused-changes'), refused)
      : refusedChangesRoute(refused),
  );
}
const section = () => screen.findByRole('region', { name: 'Refused: guests checked in' });

describe('the changes refused because guests were checked in, on the import page', () => {
  it('lists each with its booking, what was asked, who asked and when, linking to the slot', async () => {
    serveImportPage([moved, cancelled]);
    renderRoute('/imports', { preloadedState: signedIn(makeUser()) });
    const list = await within(await section()).findByRole('list');
    const [first, second] = within(list).getAllByRole('listitem');
    expect(first).toHaveTextContent('Move refused: Ana Viator · Viator V-1001 · 12/11/2026 10:00 Old Town Walk');
    expect(first).toHaveTextContent('Asked for: Date: 2026-11-12 → 2027-01-15 · 3 checked in');
    expect(first).toHaveTextContent('API key Viator · 12/11/2026 10:30');
    expect(within(first!).getByRole('link', { name: 'Ana Viator' })).toHaveAttribute(
      'href',
      '/bookings/date/2026-11-12/10:00/Old%20Town%20Walk',
    );
    expect(second).toHaveTextContent('Cancellation refused: Ana Viator');
    expect(second).toHaveTextContent('Asked for: Cancelled · 3 checked in');
    expect(second).toHaveTextContent('Maria Manager, importing viator-november.csv · 11/11/2026 19:05');
  });

  it('says when none was refused, and offers to load the list again when it could not be', async () => {
    let failures = 1;
    serveImportPage(() =>
      failures-- > 0
        ? HttpResponse.json({ error: 'Database unavailable', code: 'INTERNAL' }, { status: 500 })
        : HttpResponse.json([]),
    );
    const { user } = renderRoute('/imports', { preloadedState: signedIn(makeUser()) });
    const refused = await section();
    expect(await within(refused).findByText('Database unavailable')).toBeVisible();
    await user.click(within(refused).getByRole('button', { name: 'Try again' }));
    expect(await within(refused).findByText('No changes refused')).toBeVisible();
  });

  it('is not there for a Guide', async () => {
    renderRoute('/imports', { preloadedState: signedIn(makeUser({ role: 'Guide' })) });
    expect(await screen.findByText('Only Managers can import bookings.')).toBeVisible();
    expect(screen.queryByRole('region', { name: 'Refused: guests checked in' })).not.toBeInTheDocument();
  });
});
