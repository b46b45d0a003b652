import Alert from '@mui/material/Alert';
import Snackbar from '@mui/material/Snackbar';
import { useT } from '../services/i18n/useT';

export type Outcome = { severity: 'success' | 'error'; message: string };

interface OutcomeSnackbarProps {
  /** Null hides it. */
  outcome: Outcome | null;
  onClose: () => void;
}

/** What an action did, said at the bottom of the screen: a success for a few seconds, an error until dismissed. */
export default function OutcomeSnackbar({ outcome, onClose }: OutcomeSnackbarProps) {
  const t = useT();
  return (
    <Snackbar open={outcome !== null} autoHideDuration={outcome?.severity === 'error' ? null : 4000} onClose={onClose}>
      {outcome ? (
        <Alert severity={outcome.severity} variant="filled" onClose={onClose} closeText={t('Close')}>
          {outcome.message}
        </Alert>
      ) : undefined}
    </Snackbar>
  );
}
