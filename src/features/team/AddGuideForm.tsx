import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { useState, type ChangeEvent, type FormEvent } from 'react';
import type { Outcome } from '../../components/OutcomeSnackbar';
import { PASSWORD_MIN } from '../../domain/auth';
import { GUIDE_ADDED } from '../../domain/team';
import { errorMessage } from '../../services/errors';
import { useT } from '../../services/i18n/useT';
import { useAddGuideMutation } from './teamApi';

const EMPTY = { name: '', email: '', password: '' };

interface AddGuideFormProps {
  /** The page's message: the success, or null when the user moves on (its failure shows in the form). */
  onOutcome: (outcome: Outcome | null) => void;
}

/** Spec §2/§5: name, email and password, no client rules: the server's message says what is wrong. */
export function AddGuideForm({ onOutcome }: AddGuideFormProps) {
  const t = useT();
  const [fields, setFields] = useState(EMPTY);
  const [addGuide, { isLoading, error, reset }] = useAddGuideMutation();

  const set = (key: keyof typeof EMPTY) => (event: ChangeEvent<HTMLInputElement>) => {
    setFields((current) => ({ ...current, [key]: event.target.value }));
    // An old message next to corrected input reads as if it were about the correction.
    if (error) reset();
    onOutcome(null);
  };

  const handleSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    onOutcome(null);
    const result = await addGuide(fields);
    if (result.data) {
      setFields(EMPTY);
      onOutcome({ severity: 'success', message: t(GUIDE_ADDED) });
    }
  };

  return (
    // noValidate: the browser's email check would be a client rule the spec does not have.
    <Stack component="form" noValidate spacing={2} onSubmit={handleSubmit} sx={{ maxWidth: 440 }}>
      <TextField
        label={t('Name')}
        name="name"
        autoComplete="off"
        helperText={t('Shown on bookings and shifts; no two members share one')}
        value={fields.name}
        onChange={set('name')}
      />
      <TextField
        label={t('Email')}
        name="email"
        type="email"
        autoComplete="off"
        helperText={t('The guide signs in with it')}
        value={fields.email}
        onChange={set('email')}
      />
      {/* new-password keeps the browser from filling in the Manager's own saved password. */}
      <TextField
        label={t('Password')}
        name="password"
        type="password"
        autoComplete="new-password"
        helperText={t('At least {min} characters', { min: PASSWORD_MIN })}
        value={fields.password}
        onChange={set('password')}
      />
      <div>
        <Button type="submit" variant="contained" loading={isLoading}>
          {t('Add guide')}
        </Button>
      </div>
      {error && <Alert severity="error">{errorMessage(error)}</Alert>}
    </Stack>
  );
}
