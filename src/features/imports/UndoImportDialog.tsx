import { ConfirmDialog } from '../../components/ConfirmDialog';
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
  const [undo, { isLoading, error }] = useUndoImportMutation();
  const confirm = async () => {
    const result = await undo(past._id);
    if (result.data) onUndone(result.data);
  };
  return (
    <ConfirmDialog
      title={`Undo the import of ${past.fileName}?`}
      confirmLabel="Undo import"
      busy={isLoading}
      error={error ? errorMessage(error, 'The import was not undone. Try again.') : null}
      // A refusal (checked in or changed since, too late, undone already) will not change by trying again.
      final={error !== undefined && 'status' in error && error.status === 409}
      onClose={onClose}
      onConfirm={() => void confirm()}
    >
      The {bookings(past.created)} it created will be cancelled, and the {bookings(past.updated + past.cancelled)} it
      updated or cancelled put back as they were. Each booking&apos;s history will show it.
    </ConfirmDialog>
  );
}
