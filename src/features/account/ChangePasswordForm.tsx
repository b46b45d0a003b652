import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { useState, type ChangeEvent, type FormEvent } from 'react';
import { PASSWORD_RULE } from '../../domain/auth';
import { errorMessage } from '../../services/errors';
import { useChangePasswordMutation } from './accountApi';

export function ChangePasswordForm({ email }: { email: string }) {
  const [oldPassword, setOldPassword] = useState('');
  const [newPassword, setNewPassword] = useState('');
  // One call's state: a new answer replaces the last one's message, whichever it was.
  const [changePassword, { isLoading, isSuccess, error, reset }] = useChangePasswordMutation();

  // Typing again starts over: neither the last success nor the last error is about what is typed now.
  const edit = (set: (value: string) => void) => (event: ChangeEvent<HTMLInputElement>) => {
    set(event.target.value);
    if (isSuccess || error) reset();
  };

  const handleSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const result = await changePassword({ email, oldPassword, newPassword });
    if (result.data) {
      setOldPassword('');
      setNewPassword('');
    }
  };

  return (
    <Stack component="form" spacing={2} onSubmit={handleSubmit} sx={{ maxWidth: 440 }}>
      <TextField
        label="Old password"
        type="password"
        name="oldPassword"
        autoComplete="current-password"
        value={oldPassword}
        onChange={edit(setOldPassword)}
      />
      <TextField
        label="New password"
        type="password"
        name="newPassword"
        autoComplete="new-password"
        helperText={PASSWORD_RULE}
        value={newPassword}
        onChange={edit(setNewPassword)}
      />
      <div>
        <Button type="submit" variant="contained" loading={isLoading}>
          Change password
        </Button>
      </div>
      {isSuccess && <Alert severity="success">Password changed successfully</Alert>}
      {error && <Alert severity="error">{errorMessage(error)}</Alert>}
    </Stack>
  );
}
