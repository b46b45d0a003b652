import OpenInNew from '@mui/icons-material/OpenInNew';
import Button from '@mui/material/Button';
import Link from '@mui/material/Link';
import List from '@mui/material/List';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { lazy, Suspense, useId, useState } from 'react';
import { Link as RouterLink } from 'react-router-dom';
import { ListSkeleton, RetryAlert } from '../../components/LoadStates';
import OutcomeSnackbar, { type Outcome } from '../../components/OutcomeSnackbar';
import { activeLabels, type Company } from '../../domain/company';
import type { ApiKey } from '../../domain/schemas/apiKeys';
import { errorMessage } from '../../services/errors';
import { useT } from '../../services/i18n/useT';
import { ApiKeyRow } from './ApiKeyRow';
import { useGetApiKeysQuery } from './settingsApi';

// Dialogs download when first opened, not with the Settings page.
const NewApiKeyDialog = lazy(() =>
  import(/* webpackChunkName: "settings-dialogs" */ './NewApiKeyDialog').then((m) => ({ default: m.NewApiKeyDialog })),
);
const PickKeySourcesDialog = lazy(() =>
  import(/* webpackChunkName: "settings-dialogs" */ './PickKeySourcesDialog').then((m) => ({
    default: m.PickKeySourcesDialog,
  })),
);
const RevokeApiKeyDialog = lazy(() =>
  import(/* webpackChunkName: "settings-dialogs" */ './RevokeApiKeyDialog').then((m) => ({
    default: m.RevokeApiKeyDialog,
  })),
);

/** The keys the company's channels send bookings with: made here, their secret shown once, revoked here. */
export function ApiKeysSection({ company }: { company: Company }) {
  const t = useT();
  const headingId = useId();
  const { data: keys, error, refetch } = useGetApiKeysQuery();
  const [creating, setCreating] = useState(false);
  const [revoking, setRevoking] = useState<ApiKey | null>(null);
  const [picking, setPicking] = useState<ApiKey | null>(null);
  const sources = activeLabels(company.sources);
  const [outcome, setOutcome] = useState<Outcome | null>(null);
  const now = new Date();
  // One paragraph to translate, its two links placed where the language puts them.
  const howTo = t(
    'Channels such as your website or a channel manager send their bookings to Tourdesk with a key. How they do it: {docs}. A key reads and writes the bookings of its own sources only. A channel without a connection: import its CSV export at {imports}, which also lists the changes refused because guests were checked in.',
    { docs: '\u0000', imports: '\u0000' },
  ).split('\u0000');

  let body;
  if (error && !keys) {
    body = <RetryAlert onRetry={refetch}>{errorMessage(error, t('The API keys could not be loaded'))}</RetryAlert>;
  } else if (!keys) {
    body = <ListSkeleton label={t('Loading the API keys')} rowHeight={96} />;
  } else if (keys.length === 0) {
    body = <Typography sx={{ my: 2 }}>{t('No API keys yet')}</Typography>;
  } else {
    body = (
      <List aria-labelledby={headingId}>
        {keys.map((key) => (
          <ApiKeyRow
            key={key._id}
            apiKey={key}
            timezone={company.timezone}
            now={now}
            onRevoke={setRevoking}
            onPickSources={setPicking}
          />
        ))}
      </List>
    );
  }

  return (
    <Paper component="section" aria-labelledby={headingId} sx={{ p: { xs: 2, sm: 3 } }}>
      <Typography id={headingId} variant="h2" sx={{ mb: 1 }}>
        {t('Channel API keys')}
      </Typography>
      <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>
        {howTo[0]}
        <Link href="/api/docs" target="_blank" rel="noopener noreferrer">
          {t('the API docs')}
          <OpenInNew
            fontSize="inherit"
            titleAccess={t('(opens in a new tab)')}
            sx={{ ml: 0.5, verticalAlign: 'middle' }}
          />
        </Link>
        {howTo[1]}
        <Link component={RouterLink} to="/imports">
          {t('Import bookings')}
        </Link>
        {howTo[2]}
      </Typography>
      {body}
      <Button
        variant="outlined"
        sx={{ mt: 1 }}
        onClick={() => {
          setOutcome(null);
          setCreating(true);
        }}
      >
        {t('New API key')}
      </Button>
      {creating && (
        <Suspense fallback={null}>
          <NewApiKeyDialog sources={sources} onClose={() => setCreating(false)} />
        </Suspense>
      )}
      {picking && (
        <Suspense fallback={null}>
          <PickKeySourcesDialog
            apiKey={picking}
            sources={sources}
            onClose={() => setPicking(null)}
            onPicked={(key) => {
              setPicking(null);
              setOutcome({
                severity: 'success',
                message: t('{name} reaches {sources}', { name: key.name, sources: key.sources.join(', ') }),
              });
            }}
          />
        </Suspense>
      )}
      {revoking && (
        <Suspense fallback={null}>
          <RevokeApiKeyDialog
            apiKey={revoking}
            onClose={() => setRevoking(null)}
            onRevoked={(key) => {
              setRevoking(null);
              setOutcome({ severity: 'success', message: t('{name} revoked', { name: key.name }) });
            }}
          />
        </Suspense>
      )}
      <OutcomeSnackbar outcome={outcome} onClose={() => setOutcome(null)} />
    </Paper>
  );
}
