import { screen, waitFor } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { currentLanguage } from '../../src/services/i18n/language';
import { initialLanguage } from '../../src/services/i18n/languageChoice';
import { apiUrl, makeUser, signedIn, signedOut } from './fixtures';
import { englishLeft, inSpanish } from './inSpanish';
import { renderRoute } from './renderWithProviders';
import { server } from './server';

function prefer(...languages: string[]) {
  jest.spyOn(navigator, 'languages', 'get').mockReturnValue(languages);
}

afterEach(() => jest.restoreAllMocks());

describe('the language of the first screen', () => {
  it("is the first of the browser's languages that Tourdesk speaks, else English", () => {
    prefer('fr-FR', 'es-ES', 'en');
    expect(initialLanguage()).toBe('es');
    prefer('de', 'fr');
    expect(initialLanguage()).toBe('en');
  });

  it('is the one this browser was last shown, whatever the browser prefers', () => {
    prefer('es-ES');
    localStorage.setItem('tourdesk:language', 'en');
    expect(initialLanguage()).toBe('en');
  });
});

describe('the login page', () => {
  it('reads in Spanish for a Spanish reader, with nothing left in English', async () => {
    await inSpanish();
    renderRoute('/login', { preloadedState: signedOut() });
    expect(await screen.findByRole('heading', { name: 'Iniciar sesión' })).toBeInTheDocument();
    expect(screen.getByLabelText('Correo electrónico')).toBeInTheDocument();
    expect(document.documentElement.lang).toBe('es');
    expect(englishLeft()).toEqual([]);
  });

  it('switches language on the spot and remembers it for the next visit', async () => {
    const { user } = renderRoute('/login', { preloadedState: signedOut() });
    // The check the Spanish screens pass finds the English ones.
    expect(await screen.findByRole('heading', { name: 'Login' })).toBeInTheDocument();
    expect(englishLeft()).toEqual(expect.arrayContaining(['"Login" (Login)', '"Language" (Language)']));
    await user.click(screen.getByRole('button', { name: 'Español' }));
    expect(await screen.findByRole('heading', { name: 'Iniciar sesión' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Español' })).toHaveAttribute('aria-pressed', 'true');
    expect(document.documentElement.lang).toBe('es');
    expect(initialLanguage()).toBe('es');

    await user.click(screen.getByRole('button', { name: 'English' }));
    expect(await screen.findByRole('heading', { name: 'Login' })).toBeInTheDocument();
    expect(document.documentElement.lang).toBe('en');
  });
});

describe('Account › Language', () => {
  it("changes the member's own language on the server and the app follows without a reload", async () => {
    const member = makeUser({ role: 'Guide' });
    let sent: unknown;
    server.use(
      http.patch(apiUrl('/api/user/me'), async ({ request }) => {
        sent = await request.json();
        return HttpResponse.json({ user: { ...member, language: 'es' } });
      }),
    );
    const { user } = renderRoute('/account', { preloadedState: signedIn(member) });

    await user.click(await screen.findByRole('combobox', { name: 'Language' }));
    await user.click(await screen.findByRole('option', { name: 'Español' }));

    expect(await screen.findByRole('heading', { name: 'Idioma' })).toBeInTheDocument();
    expect(sent).toEqual({ language: 'es' });
    expect(currentLanguage()).toBe('es');
    expect(document.documentElement.lang).toBe('es');
  });

  it('follows the language the server gives the member at sign-in', async () => {
    renderRoute('/account', { preloadedState: signedIn(makeUser({ language: 'es' })) });
    expect(await screen.findByRole('heading', { name: 'Idioma' })).toBeInTheDocument();
    await waitFor(() => expect(document.documentElement.lang).toBe('es'));
  });
});
