import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { useState, type FormEvent } from 'react';
import { errorMessage } from '../../services/errors';
import { useChangePasswordMutation } from './accountApi';

export function ChangePasswordForm({ email }: { email: string }) {
  const [oldPassword, setOldPassword] = useState('');
  const [newPassword, setNewPassword] = useState('');
  const [changePassword, { isLoading, isSuccess, error }] = useChangePasswordMutation();

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
        onChange={(event) => setOldPassword(event.target.value)}
      />
      <TextField
        label="New password"
        type="password"
        name="newPassword"
        autoComplete="new-password"
        value={newPassword}
        onChange={(event) => setNewPassword(event.target.value)}
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
