import Alert from '@mui/material/Alert';
import Paper from '@mui/material/Paper';
import Snackbar from '@mui/material/Snackbar';
import Typography from '@mui/material/Typography';
import { useId, useState } from 'react';
import { Page } from '../../components/Page';
import { AddGuideForm } from './AddGuideForm';
import { TeamList } from './TeamList';

/** Spec §2 Team: open to every signed-in user (§6); the server decides who may add and delete. */
export function TeamPage() {
  const addHeadingId = useId();
  // The message outlives `open` so the snackbar does not go blank while it slides away.
  const [notice, setNotice] = useState({ open: false, message: '' });
  const show = (message: string) => setNotice({ open: true, message });
  const close = () => setNotice((current) => ({ ...current, open: false }));

  return (
    <Page title="Manage Team">
      <Paper component="section" aria-labelledby={addHeadingId} sx={{ p: { xs: 2, sm: 3 } }}>
        <Typography id={addHeadingId} variant="h2" sx={{ mb: 2 }}>
          Add a guide
        </Typography>
        <AddGuideForm onAdded={show} />
      </Paper>
      <TeamList onDeleted={show} />
      <Snackbar
        open={notice.open}
        autoHideDuration={6000}
        onClose={(_event, reason) => {
          if (reason !== 'clickaway') close();
        }}
        anchorOrigin={{ vertical: 'bottom', horizontal: 'center' }}
      >
        <Alert severity="success" variant="filled" onClose={close} sx={{ width: '100%' }}>
          {notice.message}
        </Alert>
      </Snackbar>
    </Page>
  );
}
