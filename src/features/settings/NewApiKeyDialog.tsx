import Alert from '@mui/material/Alert';
import Dialog from '@mui/material/Dialog';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import TextField from '@mui/material/TextField';
import { useId, useState, type FormEvent } from 'react';
import { useAppDispatch } from '../../app/hooks';
import { API_KEY_NAME_MAX, apiKeyNameProblem, apiKeySourcesProblem } from '../../domain/apiKeys';
import type { CreatedApiKey } from '../../domain/schemas/apiKeys';
import { errorCode } from '../../services/errors';
import { useT } from '../../services/i18n/useT';
import { ApiKeySecret } from './ApiKeySecret';
import { createApiKey } from './settingsApi';
import { fieldRefusal, keyRefusal } from './keyRefusals';
import { KeyDialogActions } from './KeyDialogActions';
import { KeySourcesField } from './KeySourcesField';

/** A name an active key already has is the name's problem, whatever the server's words. */
const nameRefusal = (error: unknown, name: string) =>
  errorCode(error) === 'NAME_TAKEN' ? keyRefusal(error, '', { name }) : fieldRefusal(error, 'name');

interface NewApiKeyDialogProps {
  /** The company's sources a key may be made for. */
  sources: readonly string[];
  onClose: () => void;
}

/**
 * Names a new key and picks its sources, then shows its secret once: the answer stays in this dialog's state and goes
 * when it closes.
 */
export function NewApiKeyDialog({ sources: options, onClose }: NewApiKeyDialogProps) {
  const t = useT();
  const dispatch = useAppDispatch();
  const titleId = useId();
  const [name, setName] = useState('');
  const [sources, setSources] = useState<string[]>([]);
  const [edited, setEdited] = useState(false);
  const [submitted, setSubmitted] = useState(false);
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<unknown>(null);
  const [created, setCreated] = useState<CreatedApiKey | null>(null);
  const invalid = apiKeyNameProblem(name);
  const noSources = apiKeySourcesProblem(sources);
  // A refusal goes as soon as the name changes: the name here is still the one sent.
  const refusal = failure ? nameRefusal(failure, name.trim()) : null;
  const sourcesRefusal = failure ? fieldRefusal(failure, 'sources') : null;
  const problem = (edited && invalid && t(invalid)) || refusal;

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setEdited(true);
    setSubmitted(true);
    if (invalid || noSources) return;
    setBusy(true);
    setFailure(null);
    try {
      setCreated(await dispatch(createApiKey({ name: name.trim(), sources })).unwrap());
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
      <DialogTitle id={titleId}>
        {created ? t('API key {name} created', { name: created.key.name }) : t('New API key')}
      </DialogTitle>
      {created ? (
        <ApiKeySecret secret={created.secret} onDone={onClose} />
      ) : (
        <form noValidate onSubmit={submit}>
          <DialogContent>
            <TextField
              label={t('Name')}
              value={name}
              autoFocus
              autoComplete="off"
              required
              error={Boolean(problem)}
              helperText={problem || t('Where the key is used, e.g. Website or Channel manager')}
              onChange={(event) => {
                setName(event.target.value);
                setEdited(true);
                setFailure(null);
              }}
              slotProps={{ htmlInput: { maxLength: API_KEY_NAME_MAX } }}
              sx={{ mt: 1 }}
            />
            <KeySourcesField
              options={options}
              value={sources}
              onChange={(picked) => {
                setSources(picked);
                setFailure(null);
              }}
              problem={(submitted && noSources && t(noSources)) || sourcesRefusal}
            />
            {failure !== null && !refusal && !sourcesRefusal && (
              <Alert severity="error" sx={{ mt: 2 }}>
                {keyRefusal(failure, t('The key was not created. Try again.'))}
              </Alert>
            )}
          </DialogContent>
          <KeyDialogActions submitLabel={t('Create key')} busy={busy} onCancel={onClose} />
        </form>
      )}
    </Dialog>
  );
}
