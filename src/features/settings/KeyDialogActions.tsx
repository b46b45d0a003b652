import Button from '@mui/material/Button';
import DialogActions from '@mui/material/DialogActions';
import { useT } from '../../services/i18n/useT';

interface KeyDialogActionsProps {
  /** Already in the reader's language. */
  submitLabel: string;
  busy: boolean;
  onCancel: () => void;
}

/** The end of a key's form: Cancel (not while it is sent, which could hide whether it was made) and the submit. */
export function KeyDialogActions({ submitLabel, busy, onCancel }: KeyDialogActionsProps) {
  const t = useT();
  return (
    <DialogActions>
      <Button onClick={onCancel} disabled={busy}>
        {t('Cancel')}
      </Button>
      <Button type="submit" variant="contained" loading={busy}>
        {submitLabel}
      </Button>
    </DialogActions>
  );
}
