import Button from '@mui/material/Button';
import Snackbar from '@mui/material/Snackbar';
import { ThemeProvider } from '@mui/material/styles';
import { useState } from 'react';
import { createRoot } from 'react-dom/client';
import { useT } from '../services/i18n/useT';
import { theme } from './theme';

function UpdateReadySnackbar({ worker }: { worker: ServiceWorker }) {
  const t = useT();
  const [open, setOpen] = useState(true);
  return (
    <Snackbar
      open={open}
      message={t('A new version is ready')}
      action={
        <>
          <Button color="inherit" size="small" onClick={() => setOpen(false)}>
            {t('Later')}
          </Button>
          {/* The waiting worker takes over; serviceWorker.ts reloads every tab when it does. */}
          <Button color="secondary" size="small" onClick={() => worker.postMessage({ type: 'SKIP_WAITING' })}>
            {t('Reload')}
          </Button>
        </>
      }
    />
  );
}

let shown = false;

/** Its own small root beside the app's: it needs only the theme, and loads only when a new version waits. */
export function showUpdateReady(worker: ServiceWorker) {
  if (shown) return;
  shown = true;
  createRoot(document.body.appendChild(document.createElement('div'))).render(
    <ThemeProvider theme={theme}>
      <UpdateReadySnackbar worker={worker} />
    </ThemeProvider>,
  );
}
