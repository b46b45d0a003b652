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
  onPickSources: (apiKey: ApiKey) => void;
}

/**
 * One key: its name, its sources, its first characters, who made it when, its last use. A key made before keys had
 * sources is refused until they are picked here; a revoked key can do nothing more.
 */
export function ApiKeyRow({ apiKey, timezone, now, onRevoke, onPickSources }: ApiKeyRowProps) {
  const revoked = apiKey.revokedAt !== null;
  const unsourced = !revoked && apiKey.sources.length === 0;
  return (
    <ListItem divider aria-label={apiKey.name} sx={{ gap: 1, flexWrap: 'wrap', px: 0 }}>
      <Stack sx={{ flex: 1, minWidth: 200 }}>
        <Stack direction="row" sx={{ gap: 1, alignItems: 'center', flexWrap: 'wrap' }}>
          <Typography sx={{ fontWeight: 600, overflowWrap: 'anywhere' }}>{apiKey.name}</Typography>
          {/* Chip, not the slot page's Tag: sharing Tag with this chunk would cost the slot page its inlining. */}
          {revoked && <Chip label="Revoked" size="small" variant="outlined" />}
        </Stack>
        {apiKey.sources.length > 0 && <Typography variant="body2">Sources: {apiKey.sources.join(', ')}</Typography>}
        {unsourced && (
          <Typography variant="body2" color="error">
            No sources yet: the key is refused until you pick them
          </Typography>
        )}
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
      {unsourced && (
        <Button
          variant="outlined"
          aria-label={`Pick sources for the ${apiKey.name} key`}
          onClick={() => onPickSources(apiKey)}
        >
          Pick sources
        </Button>
      )}
      {!revoked && (
        <Button color="error" aria-label={`Revoke ${apiKey.name} key`} onClick={() => onRevoke(apiKey)}>
          Revoke
        </Button>
      )}
    </ListItem>
  );
}
