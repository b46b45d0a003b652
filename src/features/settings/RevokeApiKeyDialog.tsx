import { ConfirmDialog } from '../../components/ConfirmDialog';
import type { ApiKey } from '../../domain/schemas/apiKeys';
import { useT } from '../../services/i18n/useT';
import { keyRefusal } from './keyRefusals';
import { useRevokeApiKeyMutation } from './settingsApi';

interface RevokeApiKeyDialogProps {
  apiKey: ApiKey;
  onClose: () => void;
  onRevoked: (apiKey: ApiKey) => void;
}

/** Asks before revoking: a channel still sending bookings with the key is refused from then on. */
export function RevokeApiKeyDialog({ apiKey, onClose, onRevoked }: RevokeApiKeyDialogProps) {
  const t = useT();
  const [revoke, { isLoading, error }] = useRevokeApiKeyMutation();
  const confirm = async () => {
    const result = await revoke(apiKey._id);
    if (result.data) onRevoked(result.data);
  };
  return (
    <ConfirmDialog
      title={t('Revoke {name}?', { name: apiKey.name })}
      confirmLabel={t('Revoke')}
      busy={isLoading}
      error={error ? keyRefusal(error, t('The key was not revoked. Try again.')) : null}
      onClose={onClose}
      onConfirm={() => void confirm()}
    >
      {t('Channels using it stop at once.')}
    </ConfirmDialog>
  );
}
