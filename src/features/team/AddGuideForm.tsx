import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { useState, type FormEvent } from 'react';
import { GUIDE_ADDED } from '../../domain/team';
import { errorMessage } from '../../services/errors';
import { useAddGuideMutation } from './teamApi';

const EMPTY = { name: '', email: '', password: '' };

/** Spec §2/§5: name, email and password, no client rules: the server's message says what is wrong. */
export function AddGuideForm({ onAdded }: { onAdded: (message: string) => void }) {
  const [fields, setFields] = useState(EMPTY);
  const [addGuide, { isLoading, error, reset }] = useAddGuideMutation();

  const set = (key: keyof typeof EMPTY) => (event: { target: { value: string } }) => {
    setFields((current) => ({ ...current, [key]: event.target.value }));
    // An old error next to corrected input reads as if the correction were refused too.
    if (error) reset();
  };

  const handleSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const result = await addGuide(fields);
    if (result.data) {
      setFields(EMPTY);
      onAdded(GUIDE_ADDED);
    }
  };

  return (
    // noValidate: the browser's email check would be a client rule the spec does not have.
    <Stack component="form" noValidate spacing={2} onSubmit={handleSubmit} sx={{ maxWidth: 440 }}>
      <TextField label="Name" name="name" autoComplete="off" value={fields.name} onChange={set('name')} />
      <TextField
        label="Email"
        name="email"
        type="email"
        autoComplete="off"
        value={fields.email}
        onChange={set('email')}
      />
      {/* new-password keeps the browser from filling in the Manager's own saved password. */}
      <TextField
        label="Password"
        name="password"
        type="password"
        autoComplete="new-password"
        value={fields.password}
        onChange={set('password')}
      />
      <div>
        <Button type="submit" variant="contained" loading={isLoading}>
          Add guide
        </Button>
      </div>
      {error && <Alert severity="error">{errorMessage(error)}</Alert>}
    </Stack>
  );
}
