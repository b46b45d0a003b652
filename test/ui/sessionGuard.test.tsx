import { screen, waitFor } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { server } from './server';
import {
  apiUrl,
  emptyDays,
  expiredToken,
  freshToken,
  gate,
  loading,
  makeUser,
  quietPages,
  sessionOf,
  signedOut,
} from './fixtures';
import { renderRoute } from './renderWithProviders';

const refreshFails = () =>
  http.get(apiUrl('/auth/refresh'), () =>
    HttpResponse.json({ error: 'Session expired', code: 'UNAUTHORIZED' }, { status: 401 }),
  );

// The guard lands on real pages; they may ask for their data while these tests look at the session.
beforeEach(() => server.use(...quietPages()));

describe('protected routes', () => {
  it('send a visitor without a user to /login', async () => {
    const { pathname } = renderRoute('/fees', { preloadedState: signedOut() });
    expect(await screen.findByRole('heading', { level: 1, name: 'Login' })).toBeInTheDocument();
    expect(pathname()).toBe('/login');
  });

  it('send / to /login without a user', async () => {
    const { pathname } = renderRoute('/', { preloadedState: signedOut() });
    expect(await screen.findByRole('heading', { level: 1, name: 'Login' })).toBeInTheDocument();
    expect(pathname()).toBe('/login');
  });

  it('return to the page asked for after signing in', async () => {
    server.use(http.post(apiUrl('/auth'), () => HttpResponse.json({ user: makeUser() })));
    const { user, pathname } = renderRoute('/shifts', { preloadedState: signedOut() });

    await user.type(await screen.findByLabelText('Email'), 'manager@demo.test');
    await user.type(screen.getByLabelText('Password'), 'tourdesk-demo');
    await user.click(screen.getByRole('button', { name: 'Login' }));

    expect(await screen.findByRole('heading', { level: 1, name: 'Shifts' })).toBeInTheDocument();
    expect(pathname()).toBe('/shifts');
  });
});

describe('on load', () => {
  it('keeps a stored user whose token is unexpired, without calling refresh', async () => {
    const stored = makeUser({ token: freshToken() });
    const { store, pathname } = renderRoute('/fees', { preloadedState: loading(stored) });

    expect(await screen.findByRole('heading', { level: 1, name: 'Fees' })).toBeInTheDocument();
    expect(pathname()).toBe('/fees');
    expect(store.getState().auth).toMatchObject({ user: sessionOf(stored), status: 'ready' });
  });

  it('shows a spinner, not the login page, while the expired session is being refreshed', async () => {
    const response = gate();
    server.use(
      http.get(apiUrl('/auth/refresh'), async () => {
        await response.opened;
        return HttpResponse.json({ error: 'Session expired', code: 'UNAUTHORIZED' }, { status: 401 });
      }),
    );
    const { pathname } = renderRoute('/fees', { preloadedState: loading(makeUser({ token: expiredToken() })) });

    expect(screen.getAllByRole('progressbar', { name: 'Loading' }).length).toBeGreaterThan(0);
    expect(pathname()).toBe('/fees');
    response.open();
    expect(await screen.findByRole('heading', { level: 1, name: 'Login' })).toBeInTheDocument();
  });

  it('clears the stored user and goes to /login when the token is expired and refresh fails', async () => {
    server.use(refreshFails());
    const { store, pathname } = renderRoute('/fees', { preloadedState: loading(makeUser({ token: expiredToken() })) });

    expect(await screen.findByRole('heading', { level: 1, name: 'Login' })).toBeInTheDocument();
    expect(pathname()).toBe('/login');
    expect(store.getState().auth).toMatchObject({ user: null, status: 'ready' });
  });

  it('keeps the stored user on the page when the token is expired and there is no network to refresh it', async () => {
    server.use(http.get(apiUrl('/auth/refresh'), () => HttpResponse.error()));
    const user = makeUser({ token: expiredToken() });
    const { store, pathname } = renderRoute('/fees', { preloadedState: loading(user) });

    expect(await screen.findByRole('heading', { level: 1, name: 'Fees' })).toBeInTheDocument();
    expect(pathname()).toBe('/fees');
    expect(store.getState().auth).toMatchObject({ user: sessionOf(user), status: 'ready' });
  });

  it('stays on the page with the refreshed token when the token is expired and refresh succeeds', async () => {
    const newToken = freshToken();
    const refreshed = makeUser({ token: newToken, name: 'Maria Refreshed' });
    let refreshCalls = 0;
    server.use(
      http.get(apiUrl('/auth/refresh'), () => {
        refreshCalls += 1;
        return HttpResponse.json({ accessToken: newToken, user: refreshed });
      }),
    );
    const { store, pathname } = renderRoute('/fees', {
      preloadedState: loading(makeUser({ token: expiredToken() })),
    });

    expect(await screen.findByRole('heading', { level: 1, name: 'Fees' })).toBeInTheDocument();
    expect(pathname()).toBe('/fees');
    expect(refreshCalls).toBe(1);
    expect(store.getState().auth.user).toEqual(sessionOf(refreshed));
  });

  it('sends the refreshed token on later calls', async () => {
    const newToken = freshToken();
    let authorization: string | null = null;
    server.use(
      http.get(apiUrl('/auth/refresh'), () =>
        HttpResponse.json({ accessToken: newToken, user: makeUser({ token: newToken }) }),
      ),
      http.post(apiUrl('/api/user/changePassword'), ({ request }) => {
        authorization = request.headers.get('authorization');
        return HttpResponse.json({ message: 'Password changed successfully' });
      }),
    );
    const { user } = renderRoute('/account', { preloadedState: loading(makeUser({ token: expiredToken() })) });

    await user.type(await screen.findByLabelText('Old password'), 'old-password');
    await user.type(screen.getByLabelText('New password'), 'new-password');
    await user.type(screen.getByLabelText('Confirm new password'), 'new-password');
    await user.click(screen.getByRole('button', { name: 'Change password' }));

    await waitFor(() => expect(authorization).toBe(`Bearer ${newToken}`));
  });

  it('asks the refresh cookie for a session when nothing is stored', async () => {
    const newToken = freshToken();
    server.use(
      emptyDays(),
      http.get(apiUrl('/auth/refresh'), () =>
        HttpResponse.json({ accessToken: newToken, user: makeUser({ token: newToken }) }),
      ),
    );
    const { pathname } = renderRoute('/', { preloadedState: loading(null) });

    expect(await screen.findByRole('heading', { level: 1, name: 'Bookings' })).toBeInTheDocument();
    expect(pathname()).toMatch(/^\/bookings\/date\//);
  });
});
