import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { useState, type ChangeEvent, type FormEvent } from 'react';
import { PASSWORD_MIN } from '../../domain/auth';
import { msg } from '../../domain/messageFormat';
import { errorMessage } from '../../services/errors';
import { useT } from '../../services/i18n/useT';
import { useChangePasswordMutation } from './accountApi';

const CONFIRM_MISMATCH = msg('Confirm new password does not match the new password');

export function ChangePasswordForm({ email }: { email: string }) {
  const t = useT();
  const [oldPassword, setOldPassword] = useState('');
  const [newPassword, setNewPassword] = useState('');
  // Only the form checks it: the spec's call takes the old and the new password, nothing else.
  const [confirmation, setConfirmation] = useState('');
  // One call's state: a new answer replaces the last one's message, whichever it was.
  const [changePassword, { isLoading, isSuccess, error, reset }] = useChangePasswordMutation();
  const mismatch = confirmation !== '' && confirmation !== newPassword;
  const ready = newPassword !== '' && confirmation === newPassword;

  // Typing again starts over: neither the last success nor the last error is about what is typed now.
  const edit = (set: (value: string) => void) => (event: ChangeEvent<HTMLInputElement>) => {
    set(event.target.value);
    if (isSuccess || error) reset();
  };

  const handleSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (!ready) return;
    const result = await changePassword({ email, oldPassword, newPassword });
    if (result.data) {
      setOldPassword('');
      setNewPassword('');
      setConfirmation('');
    }
  };

  return (
    <Stack component="form" spacing={2} onSubmit={handleSubmit} sx={{ maxWidth: 440 }}>
      <TextField
        label={t('Old password')}
        type="password"
        name="oldPassword"
        autoComplete="current-password"
        value={oldPassword}
        onChange={edit(setOldPassword)}
      />
      <TextField
        label={t('New password')}
        type="password"
        name="newPassword"
        autoComplete="new-password"
        helperText={t('At least {min} characters', { min: PASSWORD_MIN })}
        value={newPassword}
        onChange={edit(setNewPassword)}
      />
      <TextField
        label={t('Confirm new password')}
        type="password"
        name="confirmNewPassword"
        autoComplete="new-password"
        error={mismatch}
        helperText={mismatch ? t(CONFIRM_MISMATCH) : t('Type the new password again')}
        value={confirmation}
        onChange={edit(setConfirmation)}
      />
      <div>
        <Button type="submit" variant="contained" loading={isLoading} disabled={!ready}>
          {t('Change password')}
        </Button>
      </div>
      {isSuccess && <Alert severity="success">{t('Password changed successfully')}</Alert>}
      {error && <Alert severity="error">{errorMessage(error)}</Alert>}
    </Stack>
  );
}
