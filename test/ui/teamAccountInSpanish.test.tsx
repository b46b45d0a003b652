import { screen, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import type { Member } from '../../src/domain/team';
import { apiUrl, company, makeUser, signedIn } from './fixtures';
import { englishLeft, inSpanish } from './inSpanish';
import { loadBeforeTests, renderRoute } from './renderWithProviders';
import { server } from './server';

const manager = makeUser({ _id: 'user-1', name: 'Maria Manager', email: 'manager@demo.test', language: 'es' });
const gabriel: Member = { _id: 'user-2', email: 'gabriel@demo.test', role: 'Guide', name: 'Gabriel Guide' };
const self: Member = { _id: 'user-1', email: 'manager@demo.test', role: 'Manager', name: 'Maria Manager' };

loadBeforeTests(
  () => import('../../src/features/team/TeamPage'),
  () => import('../../src/features/account/AccountPage'),
  () => import('../../src/features/billing/BillingPage'),
);

describe('Manage Team in Spanish', () => {
  it('reads in Spanish, its delete dialog and its refusal too', async () => {
    server.use(
      http.get(apiUrl('/api/user/users/company'), () => HttpResponse.json([gabriel, self])),
      http.delete(apiUrl('/api/user/guides/:id'), () => HttpResponse.json({ message: 'Guide succesfully deleted' })),
    );
    await inSpanish();
    const { user } = renderRoute('/guides', { preloadedState: signedIn(manager) });

    expect(await screen.findByRole('heading', { name: 'Gestionar equipo' })).toBeInTheDocument();
    const list = await screen.findByRole('list', { name: 'Miembros del equipo' });
    expect(within(list).getByText('Maria Manager (tú)')).toBeInTheDocument();
    expect(within(list).getByText('Responsable')).toBeInTheDocument();
    expect(within(list).getByText('Guía')).toBeInTheDocument();
    expect(screen.getByLabelText('Nombre')).toBeInTheDocument();
    expect(screen.getByText('Al menos 8 caracteres')).toBeInTheDocument();
    expect(document.title).toBe('Gestionar equipo · Tourdesk');
    expect(englishLeft()).toEqual([]);

    await user.click(screen.getByRole('button', { name: 'Eliminar a Gabriel Guide' }));
    const dialog = await screen.findByRole('dialog', { name: '¿Eliminar a Gabriel Guide?' });
    expect(dialog).toHaveTextContent('gabriel@demo.test ya no podrá iniciar sesión. No se puede deshacer.');
    expect(englishLeft()).toEqual([]);
    await user.click(within(dialog).getByRole('button', { name: 'Eliminar' }));
    expect(await screen.findByText('Guía eliminado correctamente')).toBeInTheDocument();
    expect(englishLeft()).toEqual([]);
  });

  it("says in Spanish that the team could not be loaded, and a Guide's page has no English left", async () => {
    server.use(http.get(apiUrl('/api/user/users/company'), () => HttpResponse.json({}, { status: 500 })));
    await inSpanish();
    renderRoute('/guides', { preloadedState: signedIn(makeUser({ role: 'Guide' })) });

    expect(await screen.findByText('No se ha podido cargar el equipo')).toBeInTheDocument();
    expect(screen.getByText('Los responsables añaden guías al equipo y los eliminan.')).toBeInTheDocument();
    expect(englishLeft()).toEqual([]);
  });
});

describe('Account in Spanish', () => {
  it('reads in Spanish for a Manager, with the role worded and the password form', async () => {
    await inSpanish();
    const { user } = renderRoute('/account', {
      preloadedState: signedIn(makeUser({ company: { ...company, tours: [] } })),
    });

    expect(await screen.findByRole('heading', { name: 'Cuenta' })).toBeInTheDocument();
    expect(screen.getByText('manager@demo.test · Responsable en Demo Tours')).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Cambiar contraseña' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Abrir los ajustes de la empresa' })).toBeInTheDocument();
    expect(screen.getByText('Aún no hay tours')).toBeInTheDocument();

    await user.type(screen.getByLabelText('Nueva contraseña'), 'a-new-password');
    await user.type(screen.getByLabelText('Confirma la nueva contraseña'), 'another');
    expect(screen.getByText('La confirmación no coincide con la nueva contraseña')).toBeInTheDocument();
    expect(englishLeft()).toEqual([]);
  });

  it('says the password changed, in Spanish', async () => {
    server.use(
      http.post(apiUrl('/api/user/changePassword'), () =>
        HttpResponse.json({ message: 'Password changed successfully' }),
      ),
    );
    await inSpanish();
    const { user } = renderRoute('/account', { preloadedState: signedIn(makeUser({ role: 'Guide' })) });

    await user.type(await screen.findByLabelText('Contraseña actual'), 'tourdesk-demo');
    await user.type(screen.getByLabelText('Nueva contraseña'), 'a-new-password');
    await user.type(screen.getByLabelText('Confirma la nueva contraseña'), 'a-new-password');
    await user.click(screen.getByRole('button', { name: 'Cambiar contraseña' }));

    expect(await screen.findByText('Contraseña cambiada correctamente')).toBeInTheDocument();
    expect(screen.getByText('manager@demo.test · Guía en Demo Tours')).toBeInTheDocument();
    expect(englishLeft()).toEqual([]);
  });
});

describe('Billing in Spanish', () => {
  it('reads in Spanish', async () => {
    await inSpanish();
    renderRoute('/billing', { preloadedState: signedIn() });
    expect(await screen.findByRole('heading', { name: 'Facturación' })).toBeInTheDocument();
    expect(englishLeft()).toEqual([]);
  });
});
