import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import { Page } from '../components/Page';

// After a deploy the old hashed chunks are gone, and on a weak signal a chunk may time out: reloading fixes both.
function isChunkLoadError(error: unknown): boolean {
  return error instanceof Error && (error.name === 'ChunkLoadError' || /Loading chunk/i.test(error.message));
}

export function RouteErrorPage({ error }: { error: unknown }) {
  const message = isChunkLoadError(error)
    ? 'This page could not be downloaded. Check the connection and reload.'
    : 'Something went wrong while showing this page.';

  return (
    <Page title="Something went wrong">
      <Alert severity="error">{message}</Alert>
      <div>
        <Button variant="contained" onClick={() => window.location.reload()}>
          Reload
        </Button>
      </div>
    </Page>
  );
}
