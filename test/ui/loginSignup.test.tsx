import { screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { server } from './server';
import { apiUrl, company, emptyDays, gate, makeUser, sessionOf, signedIn, signedOut } from './fixtures';
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
    expect(store.getState().auth.user).toEqual(sessionOf(signedInUser));
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
    const { pathname } = renderRoute('/login', { preloadedState: signedIn() });
    expect(await screen.findByRole('heading', { level: 1, name: 'Bookings' })).toBeInTheDocument();
    expect(pathname()).toMatch(/^\/bookings\/date\/\d{4}-\d{2}-\d{2}$/);
  });
});

/** The zone this browser says it is in, as `Intl.DateTimeFormat().resolvedOptions()` answers it. */
function browserZone(timeZone: string) {
  const resolvedOptions = Intl.DateTimeFormat.prototype.resolvedOptions;
  return jest.spyOn(Intl.DateTimeFormat.prototype, 'resolvedOptions').mockImplementation(function (
    this: Intl.DateTimeFormat,
  ) {
    return { ...resolvedOptions.call(this), timeZone };
  });
}

describe('signup page', () => {
  beforeEach(() => {
    browserZone('Europe/Madrid');
  });
  afterEach(() => {
    jest.restoreAllMocks();
  });

  it('sends the company name asked for, the browser’s time zone and the page’s language with the email and password', async () => {
    let body: unknown;
    server.use(
      emptyDays(),
      http.post(apiUrl('/api/user/signup'), async ({ request }) => {
        body = await request.json();
        return HttpResponse.json({ user: makeUser({ email: 'owner@new.test' }) }, { status: 201 });
      }),
    );
    const { user } = renderRoute('/signup', { preloadedState: signedOut() });
    await user.type(await screen.findByLabelText('Company name'), ' Olas Tours ');
    await user.type(screen.getByLabelText('Email'), 'owner@new.test');
    await user.type(screen.getByLabelText('Password'), 'long-enough');
    await user.click(screen.getByRole('button', { name: 'Sign up' }));
    await waitFor(() =>
      expect(body).toEqual({
        email: 'owner@new.test',
        password: 'long-enough',
        companyName: 'Olas Tours',
        timezone: 'Europe/Madrid',
        language: 'en',
      }),
    );
  });

  it('leaves the zone out when the browser names none the app knows (the server then uses UTC)', async () => {
    jest.restoreAllMocks();
    browserZone('Etc/Unknown');
    let body: unknown;
    server.use(
      emptyDays(),
      http.post(apiUrl('/api/user/signup'), async ({ request }) => {
        body = await request.json();
        return HttpResponse.json({ user: makeUser() }, { status: 201 });
      }),
    );
    const { user } = renderRoute('/signup', { preloadedState: signedOut() });
    await user.type(await screen.findByLabelText('Company name'), 'Olas Tours');
    await user.type(screen.getByLabelText('Email'), 'owner@new.test');
    await user.type(screen.getByLabelText('Password'), 'long-enough');
    await user.click(screen.getByRole('button', { name: 'Sign up' }));
    await waitFor(() => expect(body).toBeDefined());
    expect(body).not.toHaveProperty('timezone');
  });

  it('asks for the company name: a blank one is named under the field and nothing is sent', async () => {
    let calls = 0;
    server.use(
      http.post(apiUrl('/api/user/signup'), () => {
        calls += 1;
        return HttpResponse.json({ user: makeUser() }, { status: 201 });
      }),
    );
    const { user } = renderRoute('/signup', { preloadedState: signedOut() });
    const name = await screen.findByLabelText('Company name');
    expect(name).toBeRequired();
    await user.type(name, '   ');
    await user.type(screen.getByLabelText('Email'), 'owner@new.test');
    await user.type(screen.getByLabelText('Password'), 'long-enough');
    await user.click(screen.getByRole('button', { name: 'Sign up' }));
    expect(name).toHaveAccessibleDescription('Enter the company name');
    expect(name).toBeInvalid();
    expect(calls).toBe(0);
    await user.type(name, 'Olas Tours');
    expect(name).not.toHaveAccessibleDescription('Enter the company name');
  });

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

    await user.type(await screen.findByLabelText('Company name'), 'Demo Tours');
    await user.type(screen.getByLabelText('Email'), 'taken@demo.test');
    await user.type(screen.getByLabelText('Password'), 'long-enough');
    await user.click(screen.getByRole('button', { name: 'Sign up' }));

    expect(await screen.findByRole('alert')).toHaveTextContent('An account with this email already exists');
    expect(body).toMatchObject({ email: 'taken@demo.test', password: 'long-enough' });
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
    await user.type(await screen.findByLabelText('Company name'), 'New Tours');
    await user.type(screen.getByLabelText('Email'), 'owner@new.test');
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

    await user.type(await screen.findByLabelText('Company name'), 'New Tours');
    await user.type(screen.getByLabelText('Email'), 'owner@new.test');
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
