import { act, render, screen, waitFor, within } from '@testing-library/react';
import SignOutWarning from '../../src/app/SignOutWarning';
import { showUpdateReady } from '../../src/app/UpdateReadySnackbar';
import { makeUser, quietPages, signedIn } from './fixtures';
import { englishLeft, inSpanish } from './inSpanish';
import { renderRoute } from './renderWithProviders';
import { server } from './server';

// A page whose chunk cannot be downloaded, to see the error page.
jest.mock('../../src/features/fees/FeesPage', () => {
  const error = new Error('Loading chunk fees failed.');
  error.name = 'ChunkLoadError';
  throw error;
});

const banner = () => screen.getByRole('banner');
const linkNames = (nav: HTMLElement) =>
  within(nav)
    .getAllByRole('link')
    .map((link) => link.textContent);

beforeEach(() => server.use(...quietPages()));

describe('the app shell in Spanish', () => {
  it('names the header, its links, the drawer and the account menu in Spanish', async () => {
    await inSpanish();
    const { user } = renderRoute('/billing', { preloadedState: signedIn() });
    const nav = await within(banner()).findByRole('navigation', { name: 'Principal' });
    expect(linkNames(nav)).toEqual([
      'Reservas',
      'No presentados',
      'Comisiones',
      'Equipo',
      'Turnos',
      'Ajustes',
      'Importar',
      'Cuenta',
    ]);
    expect(screen.getByRole('link', { name: 'Saltar al contenido' })).toBeInTheDocument();
    expect(englishLeft()).toEqual([]);

    await user.click(within(banner()).getByRole('button', { name: 'Abrir navegación' }));
    const drawer = await screen.findByRole('dialog', { name: 'Navegación' });
    expect(within(drawer).getByRole('link', { name: 'Turnos' })).toHaveAttribute('href', '/shifts');
    expect(englishLeft()).toEqual([]);
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Navegación' })).not.toBeInTheDocument());

    await user.click(within(banner()).getByRole('button', { name: 'Menú de la cuenta' }));
    const menu = await screen.findByRole('menu');
    expect(within(menu).getByRole('menuitem', { name: 'Cuenta' })).toHaveAttribute('href', '/account');
    expect(within(menu).getByRole('menuitem', { name: 'Cerrar sesión' })).toBeInTheDocument();
    expect(englishLeft()).toEqual([]);
  });

  it('tells a Guide in Spanish that a page is for Managers only', async () => {
    await inSpanish();
    renderRoute('/fees', { preloadedState: signedIn(makeUser({ role: 'Guide' })) });
    expect(await screen.findByRole('heading', { level: 1, name: 'Comisiones' })).toBeInTheDocument();
    expect(screen.getByText('Comisiones es solo para Responsables.')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Volver a las reservas de hoy' })).toHaveAttribute('href', '/');
    expect(englishLeft()).toEqual([]);
  });

  it('says a page that did not download, and an unknown address, in Spanish', async () => {
    jest.spyOn(console, 'error').mockImplementation(() => undefined);
    jest.spyOn(console, 'warn').mockImplementation(() => undefined);
    await inSpanish();
    const { unmount } = renderRoute('/fees', { preloadedState: signedIn() });
    expect(await screen.findByRole('heading', { level: 1, name: 'Algo ha ido mal' })).toBeInTheDocument();
    expect(
      screen.getByText('No se ha podido descargar esta página. Comprueba la conexión y recarga.'),
    ).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Recargar' })).toBeInTheDocument();
    expect(englishLeft()).toEqual([]);
    unmount();
    jest.restoreAllMocks();

    renderRoute('/no-such-page', { preloadedState: signedIn() });
    expect(await screen.findByRole('heading', { level: 1, name: 'Página no encontrada' })).toBeInTheDocument();
    expect(screen.getByText('No hay nada en esta dirección.')).toBeInTheDocument();
    expect(englishLeft()).toEqual([]);
  });

  it('warns in Spanish before signing out with check-ins unsent, one or many', async () => {
    await inSpanish();
    const { rerender } = render(<SignOutWarning open unsent={1} onStay={() => {}} onSignOut={() => {}} />);
    const dialog = await screen.findByRole('dialog', { name: '¿Cerrar sesión con registros sin enviar?' });
    expect(dialog).toHaveTextContent('1 registro aún no ha llegado al servidor. Se queda en este dispositivo');
    expect(within(dialog).getByRole('button', { name: 'Seguir con la sesión' })).toBeInTheDocument();
    expect(within(dialog).getByRole('button', { name: 'Cerrar sesión' })).toBeInTheDocument();
    expect(englishLeft()).toEqual([]);

    rerender(<SignOutWarning open unsent={3} onStay={() => {}} onSignOut={() => {}} />);
    expect(screen.getByRole('dialog')).toHaveTextContent('3 registros aún no han llegado al servidor. Se quedan');
  });

  it('offers a new version in Spanish', async () => {
    await inSpanish();
    act(() => showUpdateReady({ postMessage: jest.fn() } as unknown as ServiceWorker));
    expect(await screen.findByText('Hay una versión nueva lista')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Más tarde' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Recargar' })).toBeInTheDocument();
    expect(englishLeft()).toEqual([]);
  });
});
