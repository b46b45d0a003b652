import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import ListItem from '@mui/material/ListItem';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { apiKeyCreated, apiKeyLastUsed } from '../../domain/apiKeys';
import { FORMAT_LOCALE } from '../../domain/languages';
import type { ApiKey } from '../../domain/schemas/apiKeys';
import { useLanguage, useT } from '../../services/i18n/useT';

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
  const t = useT();
  const language = useLanguage();
  // English dates keep history.ts' en-US parts ("3 Sep 2026"); other languages use their own locale's.
  const words = { words: t, locale: language === 'en' ? 'en-US' : FORMAT_LOCALE[language] };
  const revoked = apiKey.revokedAt !== null;
  const unsourced = !revoked && apiKey.sources.length === 0;
  return (
    <ListItem divider aria-label={apiKey.name} sx={{ gap: 1, flexWrap: 'wrap', px: 0 }}>
      <Stack sx={{ flex: 1, minWidth: 200 }}>
        <Stack direction="row" sx={{ gap: 1, alignItems: 'center', flexWrap: 'wrap' }}>
          <Typography sx={{ fontWeight: 600, overflowWrap: 'anywhere' }}>{apiKey.name}</Typography>
          {/* Chip, not the slot page's Tag: sharing Tag with this chunk would cost the slot page its inlining. */}
          {revoked && <Chip label={t('Revoked')} size="small" variant="outlined" />}
        </Stack>
        {apiKey.sources.length > 0 && (
          <Typography variant="body2">{t('Sources: {sources}', { sources: apiKey.sources.join(', ') })}</Typography>
        )}
        {unsourced && (
          <Typography variant="body2" color="error">
            {t('No sources yet: the key is refused until you pick them')}
          </Typography>
        )}
        <Typography variant="body2" sx={{ fontFamily: 'monospace' }}>
          {apiKey.prefix}…
        </Typography>
        <Typography variant="body2" color="text.secondary">
          {apiKeyCreated(apiKey, timezone, words)}
        </Typography>
        <Typography variant="body2" color="text.secondary">
          {apiKeyLastUsed(apiKey, timezone, now, words)}
        </Typography>
      </Stack>
      {unsourced && (
        <Button
          variant="outlined"
          aria-label={t('Pick sources for the {name} key', { name: apiKey.name })}
          onClick={() => onPickSources(apiKey)}
        >
          {t('Pick sources')}
        </Button>
      )}
      {!revoked && (
        <Button
          color="error"
          aria-label={t('Revoke {name} key', { name: apiKey.name })}
          onClick={() => onRevoke(apiKey)}
        >
          {t('Revoke')}
        </Button>
      )}
    </ListItem>
  );
}
