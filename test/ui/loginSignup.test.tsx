import { screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { server } from './server';
import { apiUrl, company, emptyDays, gate, makeUser, signedOut } from './fixtures';
import { renderRoute } from './renderWithProviders';

describe('login page', () => {
  afterEach(() => {
    jest.useRealTimers();
  });

  it('posts the typed credentials to /auth', async () => {
    let body: unknown;
    server.use(
      http.post(apiUrl('/auth'), async ({ request }) => {
        body = await request.json();
        return HttpResponse.json({ user: makeUser() });
      }),
    );
    const { user } = renderRoute('/login', { preloadedState: signedOut() });

    await user.type(await screen.findByLabelText('Email'), 'manager@demo.test');
    await user.type(screen.getByLabelText('Password'), 'tourdesk-demo');
    await user.click(screen.getByRole('button', { name: 'Login' }));

    await waitFor(() => expect(body).toEqual({ email: 'manager@demo.test', password: 'tourdesk-demo' }));
  });

  it("goes to today's bookings in the company's timezone after signing in", async () => {
    // 11:30 UTC on 10 March is already 11 March in Kiritimati (UTC+14).
    jest.useFakeTimers({
      now: new Date('2025-03-10T11:30:00Z'),
      doNotFake: [
        'setTimeout',
        'clearTimeout',
        'setInterval',
        'clearInterval',
        'setImmediate',
        'clearImmediate',
        'queueMicrotask',
        'nextTick',
        'requestAnimationFrame',
        'cancelAnimationFrame',
        'requestIdleCallback',
        'cancelIdleCallback',
        'hrtime',
        'performance',
      ],
    });
    const signedInUser = makeUser({ company: { ...company, timezone: 'Pacific/Kiritimati' } });
    server.use(
      emptyDays(),
      http.post(apiUrl('/auth'), () => HttpResponse.json({ user: signedInUser })),
    );
    const { user, store, pathname } = renderRoute('/login', { preloadedState: signedOut() });

    await user.type(await screen.findByLabelText('Email'), 'manager@demo.test');
    await user.type(screen.getByLabelText('Password'), 'tourdesk-demo');
    await user.click(screen.getByRole('button', { name: 'Login' }));

    expect(await screen.findByRole('heading', { level: 1, name: 'Bookings' })).toBeInTheDocument();
    expect(pathname()).toBe('/bookings/date/2025-03-11');
    expect(store.getState().auth.user).toEqual(signedInUser);
  });

  it("shows the server's error under the form on a 401", async () => {
    server.use(
      http.post(apiUrl('/auth'), () =>
        HttpResponse.json({ error: 'Invalid email or password', code: 'INVALID_CREDENTIALS' }, { status: 401 }),
      ),
    );
    const { user, pathname, store } = renderRoute('/login', { preloadedState: signedOut() });

    await user.type(await screen.findByLabelText('Email'), 'manager@demo.test');
    await user.type(screen.getByLabelText('Password'), 'wrong-password');
    await user.click(screen.getByRole('button', { name: 'Login' }));

    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Invalid email or password');
    const form = screen.getByRole('button', { name: 'Login' }).closest('form')!;
    expect(form.compareDocumentPosition(alert) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
    expect(pathname()).toBe('/login');
    expect(store.getState().auth.user).toBeNull();
  });

  it('clears the error once the user edits the form again', async () => {
    server.use(
      http.post(apiUrl('/auth'), () =>
        HttpResponse.json({ error: 'Invalid email or password', code: 'INVALID_CREDENTIALS' }, { status: 401 }),
      ),
    );
    const { user } = renderRoute('/login', { preloadedState: signedOut() });
    await user.type(await screen.findByLabelText('Email'), 'manager@demo.test');
    await user.type(screen.getByLabelText('Password'), 'wrong-password');
    await user.click(screen.getByRole('button', { name: 'Login' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Invalid email or password');

    await user.type(screen.getByLabelText('Password'), '!');
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it('disables the button while the login is under way', async () => {
    const response = gate();
    server.use(
      http.post(apiUrl('/auth'), async () => {
        await response.opened;
        return HttpResponse.json(
          { error: 'Too many attempts, try again later', code: 'RATE_LIMITED' },
          { status: 429 },
        );
      }),
    );
    const { user } = renderRoute('/login', { preloadedState: signedOut() });

    await user.type(await screen.findByLabelText('Email'), 'manager@demo.test');
    await user.type(screen.getByLabelText('Password'), 'tourdesk-demo');
    await user.click(screen.getByRole('button', { name: 'Login' }));

    await waitFor(() => expect(screen.getByRole('button', { name: /Login/ })).toBeDisabled());
    response.open();
    expect(await screen.findByRole('alert')).toHaveTextContent('Too many attempts, try again later');
    expect(screen.getByRole('button', { name: 'Login' })).toBeEnabled();
  });

  it('links to the signup page', async () => {
    renderRoute('/login', { preloadedState: signedOut() });
    expect(await screen.findByRole('link', { name: 'Sign up' })).toHaveAttribute('href', '/signup');
  });

  it('sends a signed-in user on to /', async () => {
    server.use(emptyDays());
    const { pathname } = renderRoute('/login', { preloadedState: { auth: { user: makeUser(), status: 'ready' } } });
    expect(await screen.findByRole('heading', { level: 1, name: 'Bookings' })).toBeInTheDocument();
    expect(pathname()).toMatch(/^\/bookings\/date\/\d{4}-\d{2}-\d{2}$/);
  });
});

describe('signup page', () => {
  it("shows the server's error under the form", async () => {
    let body: unknown;
    server.use(
      http.post(apiUrl('/api/user/signup'), async ({ request }) => {
        body = await request.json();
        return HttpResponse.json(
          { error: 'An account with this email already exists', code: 'EMAIL_TAKEN' },
          { status: 409 },
        );
      }),
    );
    const { user, pathname } = renderRoute('/signup', { preloadedState: signedOut() });

    await user.type(await screen.findByLabelText('Email'), 'taken@demo.test');
    await user.type(screen.getByLabelText('Password'), 'long-enough');
    await user.click(screen.getByRole('button', { name: 'Sign up' }));

    expect(await screen.findByRole('alert')).toHaveTextContent('An account with this email already exists');
    expect(body).toEqual({ email: 'taken@demo.test', password: 'long-enough' });
    expect(pathname()).toBe('/signup');
  });

  it('shows the password rule before anything is sent', async () => {
    renderRoute('/signup', { preloadedState: signedOut() });
    expect(await screen.findByLabelText('Password')).toHaveAccessibleDescription('At least 8 characters');
  });

  it("shows the server's message naming the field, and clears it once the user edits the form", async () => {
    server.use(
      http.post(apiUrl('/api/user/signup'), () =>
        HttpResponse.json({ error: 'The password needs at least 8 characters', code: 'VALIDATION' }, { status: 400 }),
      ),
    );
    const { user } = renderRoute('/signup', { preloadedState: signedOut() });
    await user.type(await screen.findByLabelText('Email'), 'owner@new.test');
    await user.type(screen.getByLabelText('Password'), 'short');
    await user.click(screen.getByRole('button', { name: 'Sign up' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('The password needs at least 8 characters');

    await user.clear(screen.getByLabelText('Email'));
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it('signs the new Manager in', async () => {
    const newUser = makeUser({ email: 'owner@new.test', company: { ...company, name: 'New Tours' } });
    server.use(
      emptyDays(),
      http.post(apiUrl('/api/user/signup'), () => HttpResponse.json({ user: newUser }, { status: 201 })),
    );
    const { user, store } = renderRoute('/signup', { preloadedState: signedOut() });

    await user.type(await screen.findByLabelText('Email'), 'owner@new.test');
    await user.type(screen.getByLabelText('Password'), 'long-enough');
    await user.click(screen.getByRole('button', { name: 'Sign up' }));

    expect(await screen.findByRole('heading', { level: 1, name: 'Bookings' })).toBeInTheDocument();
    expect(within(screen.getByRole('banner')).getByRole('link', { name: 'New Tours' })).toBeInTheDocument();
    expect(store.getState().auth.user?.email).toBe('owner@new.test');
  });

  it('links to the login page', async () => {
    renderRoute('/signup', { preloadedState: signedOut() });
    expect(await screen.findByRole('link', { name: 'Log in' })).toHaveAttribute('href', '/login');
  });
});
