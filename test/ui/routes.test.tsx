import { screen, waitFor } from '@testing-library/react';
import { emptyDays, quietPages, signedIn, signedOut } from './fixtures';
import { renderRoute } from './renderWithProviders';
import { server } from './server';
import { serveSlot } from './slotFixtures';

describe('routes', () => {
  it.each([
    ['/bookings/date/2025-03-10', 'Bookings', 'Bookings 2025-03-10 · Tourdesk'],
    ['/reports', 'No Shows', 'No Shows · Tourdesk'],
    ['/fees', 'Fees', 'Fees · Tourdesk'],
    ['/guides', 'Manage Team', 'Manage Team · Tourdesk'],
    ['/shifts', 'Shifts', 'Shifts · Tourdesk'],
    ['/account', 'Account', 'Account · Tourdesk'],
    ['/billing', 'Billing', 'Billing · Tourdesk'],
  ])('%s shows "%s" and names the tab', async (path, heading, title) => {
    server.use(...quietPages());
    renderRoute(path, { preloadedState: signedIn() });
    expect(await screen.findByRole('heading', { level: 1, name: heading })).toBeInTheDocument();
    expect(document.title).toBe(title);
  });

  it('shows the day on the daily bookings page', async () => {
    server.use(emptyDays());
    renderRoute('/bookings/date/2025-03-10', { preloadedState: signedIn() });
    expect(await screen.findByText('Monday, 10 March 2025')).toBeInTheDocument();
  });

  it('shows the tour on the slot page, decoded from the address', async () => {
    serveSlot();
    renderRoute('/bookings/date/2025-03-10/10:30/Old%20Town%20Walk', { preloadedState: signedIn() });
    expect(await screen.findByRole('heading', { level: 1, name: 'Old Town Walk' })).toBeInTheDocument();
    expect(screen.getByText('Monday, 10 March 2025')).toBeInTheDocument();
    expect(screen.getByText('10:30')).toBeInTheDocument();
    await waitFor(() => expect(document.title).toBe('Old Town Walk 10:30 · Tourdesk'));
    expect(await screen.findByText('No bookings in this slot')).toBeInTheDocument();
  });

  it("shows 'Billing Page' on /billing", async () => {
    renderRoute('/billing', { preloadedState: signedIn() });
    expect(await screen.findByText('Billing Page')).toBeInTheDocument();
  });

  it('shows a not-found page with a way home for an unknown address', async () => {
    renderRoute('/no/such/page', { preloadedState: signedIn() });
    expect(await screen.findByRole('heading', { level: 1, name: 'Page not found' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: /today's bookings/ })).toHaveAttribute('href', '/');
  });

  it.each([
    '/reports',
    '/fees',
    '/guides',
    '/shifts',
    '/account',
    '/billing',
    '/bookings/date/2025-03-10',
    '/bookings/date/2025-03-10/10:30/Walk',
  ])('%s needs a user', async (path) => {
    const { pathname } = renderRoute(path, { preloadedState: signedOut() });
    expect(await screen.findByRole('heading', { level: 1, name: 'Login' })).toBeInTheDocument();
    expect(pathname()).toBe('/login');
  });
});
