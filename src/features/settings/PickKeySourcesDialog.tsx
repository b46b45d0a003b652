import Alert from '@mui/material/Alert';
import Dialog from '@mui/material/Dialog';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import { useId, useState, type FormEvent } from 'react';
import { apiKeySourcesProblem } from '../../domain/apiKeys';
import type { ApiKey } from '../../domain/schemas/apiKeys';
import { useT } from '../../services/i18n/useT';
import { usePickApiKeySourcesMutation } from './settingsApi';
import { fieldRefusal, keyRefusal } from './keyRefusals';
import { KeyDialogActions } from './KeyDialogActions';
import { KeySourcesField } from './KeySourcesField';

interface PickKeySourcesDialogProps {
  apiKey: ApiKey;
  /** The company's sources a key may be given. */
  sources: readonly string[];
  onClose: () => void;
  onPicked: (apiKey: ApiKey) => void;
}

/** A key made before keys had sources is refused until it has some: they are picked once, and stay. */
export function PickKeySourcesDialog({ apiKey, sources: options, onClose, onPicked }: PickKeySourcesDialogProps) {
  const t = useT();
  const titleId = useId();
  const [sources, setSources] = useState<string[]>([]);
  const [submitted, setSubmitted] = useState(false);
  const [pick, { isLoading, error, reset }] = usePickApiKeySourcesMutation();
  const noSources = apiKeySourcesProblem(sources);
  const refusal = error ? fieldRefusal(error, 'sources') : null;

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setSubmitted(true);
    if (noSources) return;
    const result = await pick({ id: apiKey._id, sources });
    if (result.data) onPicked(result.data);
  };

  return (
    <Dialog open fullWidth maxWidth="sm" aria-labelledby={titleId} onClose={() => !isLoading && onClose()}>
      <DialogTitle id={titleId}>{t('Sources of {name}', { name: apiKey.name })}</DialogTitle>
      <form noValidate onSubmit={submit}>
        <DialogContent>
          <DialogContentText>
            {t(
              'The key was made before keys had sources, and is refused until it has some. Once saved, they stay: for other sources, make a new key.',
            )}
          </DialogContentText>
          <KeySourcesField
            options={options}
            value={sources}
            onChange={(picked) => {
              setSources(picked);
              reset();
            }}
            problem={(submitted && noSources && t(noSources)) || refusal}
          />
          {error && !refusal && (
            <Alert severity="error" sx={{ mt: 2 }}>
              {keyRefusal(error, t('The sources were not saved. Try again.'))}
            </Alert>
          )}
        </DialogContent>
        <KeyDialogActions submitLabel={t('Save sources')} busy={isLoading} onCancel={onClose} />
      </form>
    </Dialog>
  );
}
