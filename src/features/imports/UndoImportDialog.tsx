import { ConfirmDialog } from '../../components/ConfirmDialog';
import type { PastImport } from '../../domain/schemas/imports';
import { errorMessage } from '../../services/errors';
import { useT } from '../../services/i18n/useT';
import { useUndoImportMutation } from './importsApi';

interface UndoImportDialogProps {
  past: PastImport;
  onClose(): void;
  onUndone(past: PastImport): void;
}

/** Asks before undoing an import: what it will cancel and put back. */
export function UndoImportDialog({ past, onClose, onUndone }: UndoImportDialogProps) {
  const t = useT();
  const [undo, { isLoading, error }] = useUndoImportMutation();
  const confirm = async () => {
    const result = await undo(past._id);
    if (result.data) onUndone(result.data);
  };
  return (
    <ConfirmDialog
      title={t('Undo the import of {fileName}?', { fileName: past.fileName })}
      confirmLabel={t('Undo import')}
      busy={isLoading}
      error={error ? errorMessage(error, t('The import was not undone. Try again.')) : null}
      // A refusal (checked in or changed since, too late, undone already) will not change by trying again.
      final={error !== undefined && 'status' in error && error.status === 409}
      onClose={onClose}
      onConfirm={() => void confirm()}
    >
      {t(
        "The {created, plural, one {# booking} other {# bookings}} it created will be cancelled, and the {changed, plural, one {# booking} other {# bookings}} it updated or cancelled put back as they were. Each booking's history will show it.",
        { created: past.created, changed: past.updated + past.cancelled },
      )}
    </ConfirmDialog>
  );
}
