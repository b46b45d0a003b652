import type { Credentials } from '../../domain/auth';
import { useAppDispatch } from '../../app/hooks';
import { errorMessage } from '../../services/errors';
import { useT } from '../../services/i18n/useT';
import { useLoginMutation } from './authApi';
import { loggedIn } from './authSlice';
import { AuthForm } from './AuthForm';

export function LoginPage() {
  const t = useT();
  const dispatch = useAppDispatch();
  const [login, { isLoading, error, reset }] = useLoginMutation();

  // Once the user is stored, the GuestOnly route moves on to / (or to the page the guard stopped).
  const handleSubmit = async (credentials: Credentials) => {
    const result = await login(credentials);
    if (result.data) dispatch(loggedIn(result.data.user));
  };

  return (
    <AuthForm
      title={t('Login')}
      submitLabel={t('Login')}
      passwordAutoComplete="current-password"
      submitting={isLoading}
      error={error ? errorMessage(error) : null}
      onSubmit={handleSubmit}
      onEdit={reset}
      switchPrompt={t('No account yet?')}
      switchLabel={t('Sign up')}
      switchTo="/signup"
    />
  );
}
