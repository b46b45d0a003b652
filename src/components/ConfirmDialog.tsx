import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import { useId, type ReactNode } from 'react';
import { useT } from '../services/i18n/useT';

interface ConfirmDialogProps {
  title: ReactNode;
  /** What confirming will do. */
  children: ReactNode;
  /** The destructive action's label: "Revoke", "Undo import". */
  confirmLabel: string;
  busy: boolean;
  /** Why the last attempt failed. */
  error?: string | null;
  /** The server refused for good: trying again would not help, so only Close is offered. */
  final?: boolean;
  onClose(): void;
  onConfirm(): void;
}

/** Asks before a destructive action, says why it failed, and stays open while it runs. */
export function ConfirmDialog({
  title,
  children,
  confirmLabel,
  busy,
  error,
  final,
  onClose,
  onConfirm,
}: ConfirmDialogProps) {
  const t = useT();
  const titleId = useId();
  const textId = useId();
  return (
    <Dialog
      open
      // Closing mid-request would hide whether the action happened.
      onClose={busy ? undefined : onClose}
      aria-labelledby={titleId}
      aria-describedby={textId}
    >
      <DialogTitle id={titleId}>{title}</DialogTitle>
      <DialogContent>
        <DialogContentText id={textId}>{children}</DialogContentText>
        {error && (
          <Alert severity="error" sx={{ mt: 2 }}>
            {error}
          </Alert>
        )}
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose} disabled={busy} autoFocus>
          {final ? t('Close') : t('Cancel')}
        </Button>
        {!final && (
          <Button color="error" variant="contained" loading={busy} onClick={onConfirm}>
            {confirmLabel}
          </Button>
        )}
      </DialogActions>
    </Dialog>
  );
}
