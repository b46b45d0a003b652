import { screen, waitFor } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { server } from './server';
import { apiUrl, makeUser, signedIn } from './fixtures';
import { renderRoute } from './renderWithProviders';

async function submitPasswords(user: ReturnType<typeof renderRoute>['user'], oldPassword: string, newPassword: string) {
  await user.type(await screen.findByLabelText('Old password'), oldPassword);
  await user.type(screen.getByLabelText('New password'), newPassword);
  await user.type(screen.getByLabelText('Confirm new password'), newPassword);
  await user.click(screen.getByRole('button', { name: 'Change password' }));
}

describe('account page', () => {
  it('changes the password and says so', async () => {
    const signedInUser = makeUser({ email: 'guide@demo.test' });
    let body: unknown;
    let authorization: string | null = null;
    server.use(
      http.post(apiUrl('/api/user/changePassword'), async ({ request }) => {
        body = await request.json();
        authorization = request.headers.get('authorization');
        return HttpResponse.json({ message: 'Password changed successfully' });
      }),
    );
    const { user } = renderRoute('/account', { preloadedState: signedIn(signedInUser) });

    await submitPasswords(user, 'tourdesk-demo', 'a-new-password');

    expect(await screen.findByRole('alert')).toHaveTextContent('Password changed successfully');
    expect(body).toEqual({ email: 'guide@demo.test', oldPassword: 'tourdesk-demo', newPassword: 'a-new-password' });
    expect(authorization).toBe(`Bearer ${signedInUser.token}`);
    expect(screen.getByLabelText('Old password')).toHaveValue('');
    expect(screen.getByLabelText('Confirm new password')).toHaveValue('');
    expect(document.title).toBe('Account · Tourdesk');
  });

  it("shows the server's error when the old password is wrong", async () => {
    server.use(
      http.post(apiUrl('/api/user/changePassword'), () =>
        HttpResponse.json({ error: 'Old password is incorrect', code: 'WRONG_PASSWORD' }, { status: 400 }),
      ),
    );
    const { user } = renderRoute('/account', { preloadedState: signedIn() });

    await submitPasswords(user, 'not-my-password', 'a-new-password');

    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Old password is incorrect');
    expect(screen.queryByText('Password changed successfully')).not.toBeInTheDocument();
    await waitFor(() => expect(screen.getByRole('button', { name: 'Change password' })).toBeEnabled());
  });

  it("shows the new password's rule before anything is sent", async () => {
    renderRoute('/account', { preloadedState: signedIn() });
    expect(await screen.findByLabelText('New password')).toHaveAccessibleDescription('At least 8 characters');
  });

  it("shows the server's message naming the field; typing again clears it, and the next success too", async () => {
    const answers = [
      HttpResponse.json({ error: 'The new password needs at least 8 characters', code: 'VALIDATION' }, { status: 400 }),
      HttpResponse.json({ message: 'Password changed successfully' }),
    ];
    server.use(http.post(apiUrl('/api/user/changePassword'), () => answers.shift()));
    const { user } = renderRoute('/account', { preloadedState: signedIn() });

    await submitPasswords(user, 'tourdesk-demo', 'short');
    expect(await screen.findByRole('alert')).toHaveTextContent('The new password needs at least 8 characters');
    await user.type(screen.getByLabelText('New password'), '-and-longer');
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    await user.type(screen.getByLabelText('Confirm new password'), '-and-longer');

    await user.click(screen.getByRole('button', { name: 'Change password' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Password changed successfully');
    await user.type(screen.getByLabelText('Old password'), 'a');
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it('keeps Change password off until the new password is typed the same twice, and says which field differs', async () => {
    let calls = 0;
    server.use(
      http.post(apiUrl('/api/user/changePassword'), () => {
        calls += 1;
        return HttpResponse.json({ message: 'Password changed successfully' });
      }),
    );
    const { user } = renderRoute('/account', { preloadedState: signedIn() });
    const submit = await screen.findByRole('button', { name: 'Change password' });
    const confirm = screen.getByLabelText('Confirm new password');
    expect(submit).toBeDisabled();

    await user.type(screen.getByLabelText('Old password'), 'tourdesk-demo');
    await user.type(screen.getByLabelText('New password'), 'a-new-password');
    expect(submit).toBeDisabled();
    await user.type(confirm, 'a-new-passwort');
    expect(confirm).toHaveAccessibleDescription('Confirm new password does not match the new password');
    expect(confirm).toBeInvalid();
    expect(submit).toBeDisabled();
    await user.type(confirm, '{Enter}');
    expect(calls).toBe(0);

    await user.type(confirm, '{Backspace}d');
    expect(confirm).not.toBeInvalid();
    expect(submit).toBeEnabled();
    await user.click(submit);
    expect(await screen.findByRole('alert')).toHaveTextContent('Password changed successfully');
    expect(calls).toBe(1);
  });
});
