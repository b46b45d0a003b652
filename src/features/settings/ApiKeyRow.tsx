import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import ListItem from '@mui/material/ListItem';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { apiKeyCreated, apiKeyLastUsed } from '../../domain/apiKeys';
import type { ApiKey } from '../../domain/schemas/apiKeys';

interface ApiKeyRowProps {
  apiKey: ApiKey;
  timezone: string;
  now: Date;
  onRevoke: (apiKey: ApiKey) => void;
}

/** One key: its name, its first characters, who made it when, its last use; a revoked key can do nothing more. */
export function ApiKeyRow({ apiKey, timezone, now, onRevoke }: ApiKeyRowProps) {
  const revoked = apiKey.revokedAt !== null;
  return (
    <ListItem divider aria-label={apiKey.name} sx={{ gap: 1, flexWrap: 'wrap', px: 0 }}>
      <Stack sx={{ flex: 1, minWidth: 200 }}>
        <Stack direction="row" sx={{ gap: 1, alignItems: 'center', flexWrap: 'wrap' }}>
          <Typography sx={{ fontWeight: 600, overflowWrap: 'anywhere' }}>{apiKey.name}</Typography>
          {/* Chip, not the slot page's Tag: sharing Tag with this chunk would cost the slot page its inlining. */}
          {revoked && <Chip label="Revoked" size="small" variant="outlined" />}
        </Stack>
        <Typography variant="body2" sx={{ fontFamily: 'monospace' }}>
          {apiKey.prefix}…
        </Typography>
        <Typography variant="body2" color="text.secondary">
          {apiKeyCreated(apiKey, timezone)}
        </Typography>
        <Typography variant="body2" color="text.secondary">
          {apiKeyLastUsed(apiKey, timezone, now)}
        </Typography>
      </Stack>
      {!revoked && (
        <Button color="error" aria-label={`Revoke ${apiKey.name} key`} onClick={() => onRevoke(apiKey)}>
          Revoke
        </Button>
      )}
    </ListItem>
  );
}
