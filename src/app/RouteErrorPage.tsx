import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import { Page } from '../components/Page';
import { useT } from '../services/i18n/useT';

// After a deploy the old hashed chunks are gone, and on a weak signal a chunk may time out: reloading fixes both.
function isChunkLoadError(error: unknown): boolean {
  return error instanceof Error && (error.name === 'ChunkLoadError' || /Loading chunk/i.test(error.message));
}

export function RouteErrorPage({ error }: { error: unknown }) {
  const t = useT();
  const message = isChunkLoadError(error)
    ? t('This page could not be downloaded. Check the connection and reload.')
    : t('Something went wrong while showing this page.');

  return (
    <Page title={t('Something went wrong')}>
      <Alert severity="error">{message}</Alert>
      <div>
        <Button variant="contained" onClick={() => window.location.reload()}>
          {t('Reload')}
        </Button>
      </div>
    </Page>
  );
}
