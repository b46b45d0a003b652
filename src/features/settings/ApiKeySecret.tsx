import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { msg } from '../../domain/messageFormat';
import { useT } from '../../services/i18n/useT';

const COPY_RESULT = {
  copied: { text: msg('Copied'), color: 'success.main' },
  failed: { text: msg('Could not copy to the clipboard: select the key and copy it by hand.'), color: 'error.main' },
} as const;

interface ApiKeySecretProps {
  secret: string;
  onDone: () => void;
}

/** A new key's secret, the one time it is shown, with the way to copy it. */
export function ApiKeySecret({ secret, onDone }: ApiKeySecretProps) {
  const t = useT();
  const [copy, setCopy] = useState<keyof typeof COPY_RESULT | null>(null);
  const copySecret = async () => {
    try {
      // Absent outside secure contexts (plain http): that is a failure to report, not to crash on.
      if (!navigator.clipboard) throw new Error('No clipboard');
      await navigator.clipboard.writeText(secret);
      setCopy('copied');
    } catch {
      setCopy('failed');
    }
  };
  return (
    <>
      <DialogContent sx={{ display: 'flex', flexDirection: 'column', gap: 2 }}>
        <Alert severity="warning">
          {t(
            'This key is shown only now. Store it in the channel’s settings; if it is lost, revoke it and create a new one.',
          )}
        </Alert>
        <Stack direction="row" sx={{ gap: 1, alignItems: 'flex-start' }}>
          <TextField
            label={t('API key')}
            value={secret}
            multiline
            onFocus={(event) => event.target.select()}
            slotProps={{
              htmlInput: { readOnly: true, spellCheck: false, sx: { fontFamily: 'monospace', wordBreak: 'break-all' } },
            }}
          />
          <Button variant="outlined" onClick={copySecret}>
            {t('Copy')}
          </Button>
        </Stack>
        <Typography role="status" variant="body2" color={copy ? COPY_RESULT[copy].color : undefined}>
          {copy && t(COPY_RESULT[copy].text)}
        </Typography>
      </DialogContent>
      <DialogActions>
        <Button variant="contained" onClick={onDone}>
          {t('Done')}
        </Button>
      </DialogActions>
    </>
  );
}
