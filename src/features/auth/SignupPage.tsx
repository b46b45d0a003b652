import Typography from '@mui/material/Typography';
import { PASSWORD_RULE, type Credentials } from '../../domain/auth';
import { useAppDispatch } from '../../app/hooks';
import { errorMessage } from '../../services/errors';
import { useSignupMutation } from './authApi';
import { loggedIn } from './authSlice';
import { AuthForm } from './AuthForm';

export function SignupPage() {
  const dispatch = useAppDispatch();
  const [signup, { isLoading, error, reset }] = useSignupMutation();

  const handleSubmit = async (credentials: Credentials) => {
    const result = await signup(credentials);
    if (result.data) dispatch(loggedIn(result.data.user));
  };

  return (
    <AuthForm
      title="Sign up"
      intro={
        <Typography color="text.secondary">
          Create an account for your tour company. You become its Manager and can add your guides afterwards.
        </Typography>
      }
      submitLabel="Sign up"
      passwordAutoComplete="new-password"
      passwordHelp={PASSWORD_RULE}
      submitting={isLoading}
      error={error ? errorMessage(error) : null}
      onSubmit={handleSubmit}
      onEdit={reset}
      switchPrompt="Already have an account?"
      switchLabel="Log in"
      switchTo="/login"
    />
  );
}
