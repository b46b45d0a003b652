import { screen } from '@testing-library/react';
import { signedIn, signedOut } from './fixtures';
import { renderRoute } from './renderWithProviders';

describe('routes', () => {
  it.each([
    ['/bookings/date/2025-03-10', 'Bookings', 'Bookings 2025-03-10 · Tourdesk'],
    ['/reports', 'Reports', 'Reports · Tourdesk'],
    ['/fees', 'Fees', 'Fees · Tourdesk'],
    ['/guides', 'Manage Team', 'Manage Team · Tourdesk'],
    ['/shifts', 'Shifts', 'Shifts · Tourdesk'],
    ['/account', 'Account', 'Account · Tourdesk'],
    ['/billing', 'Billing', 'Billing · Tourdesk'],
  ])('%s shows "%s" and names the tab', async (path, heading, title) => {
    renderRoute(path, { preloadedState: signedIn() });
    expect(await screen.findByRole('heading', { level: 1, name: heading })).toBeInTheDocument();
    expect(document.title).toBe(title);
  });

  it('shows the day on the daily bookings page', async () => {
    renderRoute('/bookings/date/2025-03-10', { preloadedState: signedIn() });
    expect(await screen.findByText('2025-03-10')).toBeInTheDocument();
  });

  it('shows the tour on the slot page, decoded from the address', async () => {
    renderRoute('/bookings/date/2025-03-10/10:30/Old%20Town%20Walk', { preloadedState: signedIn() });
    expect(await screen.findByRole('heading', { level: 1, name: 'Old Town Walk' })).toBeInTheDocument();
    expect(screen.getByText('2025-03-10 · 10:30')).toBeInTheDocument();
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
