import { ConfirmDialog } from '../../components/ConfirmDialog';
import type { ApiKey } from '../../domain/schemas/apiKeys';
import { errorMessage } from '../../services/errors';
import { useRevokeApiKeyMutation } from './settingsApi';

interface RevokeApiKeyDialogProps {
  apiKey: ApiKey;
  onClose: () => void;
  onRevoked: (apiKey: ApiKey) => void;
}

/** Asks before revoking: a channel still sending bookings with the key is refused from then on. */
export function RevokeApiKeyDialog({ apiKey, onClose, onRevoked }: RevokeApiKeyDialogProps) {
  const [revoke, { isLoading, error }] = useRevokeApiKeyMutation();
  const confirm = async () => {
    const result = await revoke(apiKey._id);
    if (result.data) onRevoked(result.data);
  };
  return (
    <ConfirmDialog
      title={`Revoke ${apiKey.name}?`}
      confirmLabel="Revoke"
      busy={isLoading}
      error={error ? errorMessage(error, 'The key was not revoked. Try again.') : null}
      onClose={onClose}
      onConfirm={() => void confirm()}
    >
      Channels using it stop at once.
    </ConfirmDialog>
  );
}
