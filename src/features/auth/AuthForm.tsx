import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useState, type ChangeEvent, type FormEvent, type ReactNode } from 'react';
import { OutlinedField } from '../../components/OutlinedField';
import { TextLink } from '../../components/TextLink';
import { useDocumentTitle } from '../../components/useDocumentTitle';
import type { Credentials } from '../../domain/auth';
import { useT } from '../../services/i18n/useT';
import { LanguageSwitch } from './LanguageSwitch';

interface AuthFormProps {
  title: string;
  intro?: ReactNode;
  submitLabel: string;
  passwordAutoComplete: 'current-password' | 'new-password';
  /** The password's rule, shown before submitting (signup only: signing in has none). */
  passwordHelp?: string;
  submitting: boolean;
  /** Fields before the email (signup's company name); their page checks them before calling onSubmit. */
  children?: ReactNode;
  /** The server's message; spec §8 shows it under the form. */
  error: string | null;
  onSubmit: (credentials: Credentials) => void;
  /** The user typed again: an earlier error no longer applies. */
  onEdit: () => void;
  switchPrompt: string;
  switchLabel: string;
  switchTo: string;
}

/** The login and signup form: spec §5 sets no client rules beyond an email-type input. */
export function AuthForm(props: AuthFormProps) {
  const { title, intro, submitLabel, passwordAutoComplete, passwordHelp, submitting, error, onSubmit, onEdit } = props;
  const t = useT();
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  useDocumentTitle(title);

  const edit = (set: (value: string) => void) => (event: ChangeEvent<HTMLInputElement | HTMLTextAreaElement>) => {
    set(event.target.value);
    if (error) onEdit();
  };

  const handleSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    onSubmit({ email, password });
  };

  return (
    <Paper sx={{ maxWidth: 440, mx: 'auto', mt: { xs: 1, sm: 4 }, p: { xs: 2.5, sm: 4 } }}>
      <Stack spacing={2.5}>
        <Typography variant="h1">{title}</Typography>
        {intro}
        <Stack component="form" spacing={2} onSubmit={handleSubmit}>
          {props.children}
          <OutlinedField
            label={t('Email')}
            type="email"
            name="email"
            autoComplete="email"
            value={email}
            onChange={edit(setEmail)}
          />
          <OutlinedField
            label={t('Password')}
            type="password"
            name="password"
            autoComplete={passwordAutoComplete}
            helperText={passwordHelp}
            value={password}
            onChange={edit(setPassword)}
          />
          <Button type="submit" variant="contained" size="large" loading={submitting}>
            {submitLabel}
          </Button>
        </Stack>
        {error && <Alert severity="error">{error}</Alert>}
        <Typography>
          {props.switchPrompt} <TextLink to={props.switchTo}>{props.switchLabel}</TextLink>
        </Typography>
        <LanguageSwitch />
      </Stack>
    </Paper>
  );
}
