import { screen, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { server } from './server';
import { apiUrl, company, expiredToken, gate, loading, makeUser, quietPages, signedIn, signedOut } from './fixtures';
import { renderRoute } from './renderWithProviders';

const banner = () => screen.getByRole('banner');

async function openAccountMenu(user: ReturnType<typeof renderRoute>['user']) {
  await user.click(within(banner()).getByRole('button', { name: 'Account menu' }));
  return screen.findByRole('menu');
}

// Some tests open or navigate to pages that load data; the header is what they look at.
beforeEach(() => server.use(...quietPages()));

describe('header', () => {
  it("shows the signed-in user's company as the brand", async () => {
    renderRoute('/billing', {
      preloadedState: signedIn(makeUser({ company: { ...company, name: 'Sol Walking Tours' } })),
    });
    expect(await within(banner()).findByRole('link', { name: 'Sol Walking Tours' })).toHaveAttribute('href', '/');
  });

  it('lets the keyboard skip the header: the first Tab reaches "Skip to content", which leads to the page', async () => {
    const { user } = renderRoute('/billing', { preloadedState: signedIn() });
    await screen.findByText('Billing Page');
    await user.tab();
    const skip = screen.getByRole('link', { name: 'Skip to content' });
    expect(skip).toHaveFocus();
    expect(skip).toHaveAttribute('href', '#main');
    expect(screen.getByRole('main')).toHaveAttribute('id', 'main');
  });

  it('shows Tourdesk as the brand when signed out', async () => {
    renderRoute('/login', { preloadedState: signedOut() });
    expect(await within(banner()).findByRole('link', { name: 'Tourdesk' })).toBeInTheDocument();
  });

  const sectionLinks = (nav: HTMLElement) =>
    within(nav)
      .getAllByRole('link')
      .map((link) => [link.textContent, link.getAttribute('href')]);

  it("links a Manager to the spec's six sections, with Settings and Import before Account", async () => {
    renderRoute('/fees', { preloadedState: signedIn() });
    const nav = await within(banner()).findByRole('navigation', { name: 'Main' });
    expect(sectionLinks(nav)).toEqual([
      ['Bookings', '/'],
      ['No Shows', '/reports'],
      ['Fees', '/fees'],
      ['Team', '/guides'],
      ['Shifts', '/shifts'],
      ['Settings', '/settings'],
      ['Import', '/imports'],
      ['Account', '/account'],
    ]);
    expect(within(nav).getByRole('link', { name: 'Fees' })).toHaveAttribute('aria-current', 'page');
  });

  it('links a Guide only to the sections a Guide may use, in the bar and in the drawer', async () => {
    const { user } = renderRoute('/billing', { preloadedState: signedIn(makeUser({ role: 'Guide' })) });
    const guideLinks = [
      ['Bookings', '/'],
      ['Team', '/guides'],
      ['Shifts', '/shifts'],
      ['Account', '/account'],
    ];
    expect(sectionLinks(await within(banner()).findByRole('navigation', { name: 'Main' }))).toEqual(guideLinks);

    await user.click(within(banner()).getByRole('button', { name: 'Open navigation' }));
    const drawer = await screen.findByRole('presentation');
    expect(sectionLinks(within(drawer).getByRole('navigation', { name: 'Main' }))).toEqual(guideLinks);
  });

  it('puts the links in a drawer behind the menu button on narrow screens', async () => {
    const { user, pathname } = renderRoute('/billing', { preloadedState: signedIn() });
    await user.click(await within(banner()).findByRole('button', { name: 'Open navigation' }));

    const drawer = await screen.findByRole('presentation');
    expect(within(drawer).getAllByRole('link')).toHaveLength(8);
    await user.click(within(drawer).getByRole('link', { name: 'Team' }));

    expect(await screen.findByRole('heading', { level: 1, name: 'Manage Team' })).toBeInTheDocument();
    expect(pathname()).toBe('/guides');
  });

  it('shows an email over 20 characters as its first 17 plus dots in the profile menu', async () => {
    const { user } = renderRoute('/billing', {
      preloadedState: signedIn(makeUser({ email: 'manager.long@demo.test' })),
    });
    const menu = await openAccountMenu(user);
    expect(within(menu).getByText('manager.long@demo...')).toBeInTheDocument();
    expect(within(menu).queryByText('manager.long@demo.test')).not.toBeInTheDocument();
  });

  it('shows a 20-character email whole', async () => {
    const { user } = renderRoute('/billing', { preloadedState: signedIn(makeUser({ email: 'guide123@example.com' })) });
    const menu = await openAccountMenu(user);
    expect(within(menu).getByText('guide123@example.com')).toBeInTheDocument();
  });

  it('offers Account and Logout when signed in', async () => {
    const { user } = renderRoute('/billing', { preloadedState: signedIn() });
    const menu = await openAccountMenu(user);
    expect(within(menu).getByRole('menuitem', { name: 'Account' })).toHaveAttribute('href', '/account');
    expect(within(menu).getByRole('menuitem', { name: 'Logout' })).toBeInTheDocument();
    expect(within(menu).queryByRole('menuitem', { name: 'Login' })).not.toBeInTheDocument();
  });

  it.each([
    ['/reports', 'No Shows'],
    ['/fees', 'Fees'],
  ])(
    'tells a Guide who opens %s that it is for Managers, asks the server nothing, and leads back',
    async (path, title) => {
      const asked: string[] = [];
      server.events.on('request:start', ({ request }) => {
        if (/reports|fees/.test(request.url)) asked.push(request.url);
      });
      const { user, pathname } = renderRoute(path, { preloadedState: signedIn(makeUser({ role: 'Guide' })) });

      expect(await screen.findByRole('heading', { level: 1, name: title })).toBeInTheDocument();
      expect(screen.getByText(`${title} is for Managers only.`)).toBeVisible();
      expect(screen.queryByRole('button', { name: 'Generate' })).not.toBeInTheDocument();
      expect(screen.queryByRole('grid')).not.toBeInTheDocument();
      await user.click(screen.getByRole('link', { name: 'Back to today’s bookings' }));
      expect(await screen.findByRole('heading', { level: 1, name: 'Bookings' })).toBeInTheDocument();
      expect(pathname()).toMatch(/^\/bookings\/date\//);
      expect(asked).toEqual([]);
      server.events.removeAllListeners();
    },
  );

  it('offers Login and Signup, and no section links, when signed out', async () => {
    const { user } = renderRoute('/login', { preloadedState: signedOut() });
    await screen.findByRole('heading', { level: 1, name: 'Login' });
    expect(within(banner()).queryByRole('navigation')).not.toBeInTheDocument();
    expect(within(banner()).queryByRole('button', { name: 'Open navigation' })).not.toBeInTheDocument();

    const menu = await openAccountMenu(user);
    expect(within(menu).getByRole('menuitem', { name: 'Login' })).toHaveAttribute('href', '/login');
    expect(within(menu).getByRole('menuitem', { name: 'Signup' })).toHaveAttribute('href', '/signup');
    expect(within(menu).queryByRole('menuitem', { name: 'Logout' })).not.toBeInTheDocument();
  });

  it('logs out: tells the server, clears the user and goes to /login', async () => {
    let logoutCalls = 0;
    server.use(
      http.post(apiUrl('/auth/logout'), () => {
        logoutCalls += 1;
        return new HttpResponse(null, { status: 204 });
      }),
    );
    const { user, store, pathname } = renderRoute('/billing', { preloadedState: signedIn() });
    const menu = await openAccountMenu(user);
    await user.click(within(menu).getByRole('menuitem', { name: 'Logout' }));

    expect(await screen.findByRole('heading', { level: 1, name: 'Login' })).toBeInTheDocument();
    expect(pathname()).toBe('/login');
    expect(logoutCalls).toBe(1);
    expect(store.getState().auth.user).toBeNull();
    expect(within(banner()).getByRole('link', { name: 'Tourdesk' })).toBeInTheDocument();
  });

  it('logs out locally even when the server call fails', async () => {
    server.use(
      http.post(apiUrl('/auth/logout'), () => HttpResponse.json({ error: 'Boom', code: 'INTERNAL' }, { status: 500 })),
    );
    const { user, store, pathname } = renderRoute('/billing', { preloadedState: signedIn() });
    const menu = await openAccountMenu(user);
    await user.click(within(menu).getByRole('menuitem', { name: 'Logout' }));

    expect(await screen.findByRole('heading', { level: 1, name: 'Login' })).toBeInTheDocument();
    expect(pathname()).toBe('/login');
    expect(store.getState().auth.user).toBeNull();
  });

  it('shows a spinner while the auth state loads', async () => {
    const response = gate();
    server.use(
      http.get(apiUrl('/auth/refresh'), async () => {
        await response.opened;
        return HttpResponse.json({ error: 'Session expired', code: 'UNAUTHORIZED' }, { status: 401 });
      }),
    );
    renderRoute('/billing', { preloadedState: loading(makeUser({ token: expiredToken() })) });

    expect(within(banner()).getByRole('progressbar', { name: 'Loading' })).toBeInTheDocument();
    expect(within(banner()).queryByRole('button', { name: 'Account menu' })).not.toBeInTheDocument();
    response.open();
    expect(await within(banner()).findByRole('button', { name: 'Account menu' })).toBeInTheDocument();
    expect(within(banner()).queryByRole('progressbar')).not.toBeInTheDocument();
  });
});
