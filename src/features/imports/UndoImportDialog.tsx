import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import { useId } from 'react';
import type { PastImport } from '../../domain/schemas/imports';
import { errorMessage } from '../../services/errors';
import { useUndoImportMutation } from './importsApi';

interface UndoImportDialogProps {
  past: PastImport;
  onClose(): void;
  onUndone(past: PastImport): void;
}

const bookings = (count: number) => `${count.toLocaleString()} ${count === 1 ? 'booking' : 'bookings'}`;

/** Asks before undoing an import: what it will cancel and put back. */
export function UndoImportDialog({ past, onClose, onUndone }: UndoImportDialogProps) {
  const titleId = useId();
  const textId = useId();
  const [undo, { isLoading, error }] = useUndoImportMutation();
  const confirm = async () => {
    const result = await undo(past._id);
    if (result.data) onUndone(result.data);
  };
  const changed = past.updated + past.cancelled;
  // A refusal (checked in or changed since, too late, undone already) will not change by trying again.
  const refused = error !== undefined && 'status' in error && error.status === 409;
  return (
    <Dialog
      open
      // Closing mid-request would hide whether the import was undone.
      onClose={isLoading ? undefined : onClose}
      aria-labelledby={titleId}
      aria-describedby={textId}
    >
      <DialogTitle id={titleId}>Undo the import of {past.fileName}?</DialogTitle>
      <DialogContent>
        <DialogContentText id={textId}>
          The {bookings(past.created)} it created will be cancelled, and the {bookings(changed)} it updated or cancelled
          put back as they were. Each booking&apos;s history will show it.
        </DialogContentText>
        {error && (
          <Alert severity="error" sx={{ mt: 2 }}>
            {errorMessage(error, 'The import was not undone. Try again.')}
          </Alert>
        )}
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose} disabled={isLoading} autoFocus>
          {refused ? 'Close' : 'Cancel'}
        </Button>
        {!refused && (
          <Button color="error" variant="contained" loading={isLoading} onClick={confirm}>
            Undo import
          </Button>
        )}
      </DialogActions>
    </Dialog>
  );
}
