import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { PASSWORD_MIN, type Credentials } from '../../domain/auth';
import { canonicalTimeZone } from '../../domain/company';
import { useAppDispatch } from '../../app/hooks';
import { OutlinedField } from '../../components/OutlinedField';
import { errorMessage } from '../../services/errors';
import { useLanguage, useT } from '../../services/i18n/useT';
import { useSignupMutation } from './authApi';
import { loggedIn } from './authSlice';
import { AuthForm } from './AuthForm';

/** The browser's zone, a first guess at the company's (the day page's checklist asks to confirm it); none if unknown. */
function browserTimeZone(): { timezone?: string } {
  const zone = canonicalTimeZone(Intl.DateTimeFormat().resolvedOptions().timeZone ?? '');
  return zone ? { timezone: zone } : {};
}

export function SignupPage() {
  const t = useT();
  const language = useLanguage();
  const dispatch = useAppDispatch();
  const [signup, { isLoading, error, reset }] = useSignupMutation();
  const [companyName, setCompanyName] = useState('');
  const [nameMissing, setNameMissing] = useState(false);

  const handleSubmit = async (credentials: Credentials) => {
    const name = companyName.trim();
    setNameMissing(name === '');
    if (name === '') return;
    const result = await signup({ ...credentials, companyName: name, language, ...browserTimeZone() });
    if (result.data) dispatch(loggedIn(result.data.user));
  };

  return (
    <AuthForm
      title={t('Sign up')}
      intro={
        <Typography color="text.secondary">
          {t('Create an account for your tour company. You become its Manager and can add your guides afterwards.')}
        </Typography>
      }
      submitLabel={t('Sign up')}
      passwordAutoComplete="new-password"
      passwordHelp={t('At least {min} characters', { min: PASSWORD_MIN })}
      submitting={isLoading}
      error={error ? errorMessage(error) : null}
      onSubmit={handleSubmit}
      onEdit={reset}
      switchPrompt={t('Already have an account?')}
      switchLabel={t('Log in')}
      switchTo="/login"
    >
      <OutlinedField
        label={t('Company name')}
        name="organization"
        autoComplete="organization"
        required
        value={companyName}
        error={nameMissing}
        helperText={
          nameMissing
            ? t('Enter the company name')
            : t('Your team sees it in the header; you can change it in Settings.')
        }
        onChange={(event) => {
          setCompanyName(event.target.value);
          if (event.target.value.trim() !== '') setNameMissing(false);
          if (error) reset();
        }}
      />
    </AuthForm>
  );
}
