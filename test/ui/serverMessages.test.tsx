import { screen } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { ERROR_MESSAGES } from '../../src/domain/errorMessages';
import { errorMessage } from '../../src/services/errors';
import { apiUrl, makeUser, signedIn } from './fixtures';
import { englishLeft, inSpanish } from './inSpanish';
import { renderRoute } from './renderWithProviders';
import { server } from './server';

/** A failed RTK Query call as the app receives it. */
const refusal = (data: object) => ({ status: 400, data });

describe("the server's refusals in the reader's language", () => {
  it('reads the server’s own sentence in English, whatever the code', () => {
    expect(errorMessage(refusal({ error: ERROR_MESSAGES.SLOT_LOCKED, code: 'SLOT_LOCKED' }))).toBe(
      'This slot is locked: Guides can change it until 30 minutes after it starts',
    );
    const named = { error: 'phone: at most 40 characters', code: 'VALIDATION', details: [{ path: 'phone' }] };
    expect(errorMessage(refusal(named))).toBe('phone: at most 40 characters');
  });

  it('words a known code in Spanish, names a refused field in Spanish, and keeps the English of the rest', async () => {
    await inSpanish();
    expect(errorMessage(refusal({ error: ERROR_MESSAGES.SLOT_LOCKED, code: 'SLOT_LOCKED' }))).toBe(
      'Esta salida está bloqueada: los guías pueden cambiarla hasta 30 minutos después de su inicio',
    );
    expect(errorMessage(refusal({ error: ERROR_MESSAGES.NO_REFRESH_TOKEN, code: 'NO_REFRESH_TOKEN' }))).toBe(
      'Tu sesión ha terminado, vuelve a iniciar sesión',
    );
    const byDetail = { error: 'phone: at most 40 characters', code: 'VALIDATION', details: [{ path: 'phone' }] };
    expect(errorMessage(refusal(byDetail))).toBe('Teléfono: el valor no es válido');
    expect(errorMessage(refusal({ error: 'date: not a calendar day', code: 'VALIDATION' }))).toBe(
      'Fecha: el valor no es válido',
    );
    // A field the app has no word for, a code it does not know, and a code sent with other words: the server's text.
    expect(errorMessage(refusal({ error: 'madeAt: too old', code: 'VALIDATION' }))).toBe('madeAt: too old');
    expect(errorMessage(refusal({ error: 'A new refusal', code: 'SOMETHING_NEW' }))).toBe('A new refusal');
    expect(errorMessage(refusal({ error: 'Only the owner may', code: 'FORBIDDEN' }))).toBe('Only the owner may');
  });

  it('tells a member in Spanish that the old password is wrong, from the code the server sent', async () => {
    server.use(
      http.post(apiUrl('/api/user/changePassword'), () =>
        HttpResponse.json({ error: ERROR_MESSAGES.WRONG_PASSWORD, code: 'WRONG_PASSWORD' }, { status: 400 }),
      ),
    );
    await inSpanish();
    const { user } = renderRoute('/account', { preloadedState: signedIn(makeUser({ role: 'Guide' })) });
    await user.type(await screen.findByLabelText('Contraseña actual'), 'not-my-password');
    await user.type(screen.getByLabelText('Nueva contraseña'), 'a-new-password');
    await user.type(screen.getByLabelText('Confirma la nueva contraseña'), 'a-new-password');
    await user.click(screen.getByRole('button', { name: 'Cambiar contraseña' }));

    expect(await screen.findByText('La contraseña actual no es correcta')).toBeInTheDocument();
    expect(englishLeft()).toEqual([]);
  });
});
