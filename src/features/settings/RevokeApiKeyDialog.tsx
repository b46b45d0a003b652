import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import { useId } from 'react';
import type { ApiKey } from '../../domain/schemas/apiKeys';
import { errorMessage } from '../../services/errors';
import { useRevokeApiKeyMutation } from './apiKeysApi';

interface RevokeApiKeyDialogProps {
  apiKey: ApiKey;
  onClose: () => void;
  onRevoked: (apiKey: ApiKey) => void;
}

/** Asks before revoking: a channel still sending bookings with the key is refused from then on. */
export function RevokeApiKeyDialog({ apiKey, onClose, onRevoked }: RevokeApiKeyDialogProps) {
  const titleId = useId();
  const textId = useId();
  const [revoke, { isLoading, error }] = useRevokeApiKeyMutation();
  const confirm = async () => {
    const result = await revoke(apiKey._id);
    if (result.data) onRevoked(result.data);
  };
  return (
    <Dialog
      open
      // Closing mid-request would hide whether the key was revoked.
      onClose={isLoading ? undefined : onClose}
      aria-labelledby={titleId}
      aria-describedby={textId}
    >
      <DialogTitle id={titleId}>Revoke {apiKey.name}?</DialogTitle>
      <DialogContent>
        <DialogContentText id={textId}>Channels using it stop at once.</DialogContentText>
        {error && (
          <Alert severity="error" sx={{ mt: 2 }}>
            {errorMessage(error, 'The key was not revoked. Try again.')}
          </Alert>
        )}
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose} disabled={isLoading} autoFocus>
          Cancel
        </Button>
        <Button color="error" variant="contained" loading={isLoading} onClick={confirm}>
          Revoke
        </Button>
      </DialogActions>
    </Dialog>
  );
}
