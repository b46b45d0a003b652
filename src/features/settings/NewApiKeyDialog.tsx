import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import TextField from '@mui/material/TextField';
import { useId, useState, type FormEvent } from 'react';
import { useAppDispatch } from '../../app/hooks';
import { API_KEY_NAME_MAX, apiKeyNameProblem } from '../../domain/apiKeys';
import type { CreatedApiKey } from '../../domain/schemas/apiKeys';
import { errorCode, errorMessage } from '../../services/errors';
import { ApiKeySecret } from './ApiKeySecret';
import { createApiKey } from './apiKeysApi';

const NAME_FIELD = 'name: ';

/** The server names the field it refuses ("name: …"); a name an active key already has is the name's problem too. */
function nameRefusal(error: unknown): string | null {
  const message = errorMessage(error);
  if (message.startsWith(NAME_FIELD)) {
    const reason = message.slice(NAME_FIELD.length);
    return reason.charAt(0).toUpperCase() + reason.slice(1);
  }
  return errorCode(error) === 'NAME_TAKEN' ? message : null;
}

/** Names a new key, then shows its secret once: the answer stays in this dialog's state and goes when it closes. */
export function NewApiKeyDialog({ onClose }: { onClose: () => void }) {
  const dispatch = useAppDispatch();
  const titleId = useId();
  const [name, setName] = useState('');
  const [edited, setEdited] = useState(false);
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<unknown>(null);
  const [created, setCreated] = useState<CreatedApiKey | null>(null);
  const invalid = apiKeyNameProblem(name);
  const refusal = failure ? nameRefusal(failure) : null;
  const problem = (edited && invalid) || refusal;

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setEdited(true);
    if (invalid) return;
    setBusy(true);
    setFailure(null);
    try {
      setCreated(await dispatch(createApiKey({ name: name.trim() })).unwrap());
    } catch (error) {
      setFailure(error);
    }
    setBusy(false);
  };

  return (
    <Dialog
      open
      fullWidth
      maxWidth="sm"
      aria-labelledby={titleId}
      // Closing mid-request would lose the secret; a stray click beside the shown secret must not hide it for good.
      onClose={(_event, reason) => {
        if (!busy && !(created && reason === 'backdropClick')) onClose();
      }}
    >
      <DialogTitle id={titleId}>{created ? `API key ${created.key.name} created` : 'New API key'}</DialogTitle>
      {created ? (
        <ApiKeySecret secret={created.secret} onDone={onClose} />
      ) : (
        <form noValidate onSubmit={submit}>
          <DialogContent>
            <TextField
              label="Name"
              value={name}
              autoFocus
              autoComplete="off"
              required
              error={Boolean(problem)}
              helperText={problem || 'Where the key is used, e.g. Website or Channel manager'}
              onChange={(event) => {
                setName(event.target.value);
                setEdited(true);
                setFailure(null);
              }}
              slotProps={{ htmlInput: { maxLength: API_KEY_NAME_MAX } }}
              sx={{ mt: 1 }}
            />
            {failure !== null && !refusal && (
              <Alert severity="error" sx={{ mt: 2 }}>
                {errorMessage(failure, 'The key was not created. Try again.')}
              </Alert>
            )}
          </DialogContent>
          <DialogActions>
            <Button onClick={onClose} disabled={busy}>
              Cancel
            </Button>
            <Button type="submit" variant="contained" loading={busy}>
              Create key
            </Button>
          </DialogActions>
        </form>
      )}
    </Dialog>
  );
}
