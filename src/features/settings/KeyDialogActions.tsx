import Button from '@mui/material/Button';
import DialogActions from '@mui/material/DialogActions';

interface KeyDialogActionsProps {
  submitLabel: string;
  busy: boolean;
  onCancel: () => void;
}

/** The end of a key's form: Cancel (not while it is sent, which could hide whether it was made) and the submit. */
export function KeyDialogActions({ submitLabel, busy, onCancel }: KeyDialogActionsProps) {
  return (
    <DialogActions>
      <Button onClick={onCancel} disabled={busy}>
        Cancel
      </Button>
      <Button type="submit" variant="contained" loading={busy}>
        {submitLabel}
      </Button>
    </DialogActions>
  );
}
