import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import { useId } from 'react';
import type { Member } from '../../domain/team';
import { useT } from '../../services/i18n/useT';

interface DeleteMemberDialogProps {
  open: boolean;
  /** Kept after closing so the dialog does not go blank while it fades out. */
  member: Member | null;
  deleting: boolean;
  onCancel: () => void;
  onConfirm: (member: Member) => void;
}

export function DeleteMemberDialog({ open, member, deleting, onCancel, onConfirm }: DeleteMemberDialogProps) {
  const t = useT();
  const titleId = useId();
  const textId = useId();
  return (
    <Dialog
      open={open && member !== null}
      // Closing mid-request would hide whether the delete happened.
      onClose={deleting ? undefined : onCancel}
      aria-labelledby={titleId}
      aria-describedby={textId}
    >
      {member && (
        <>
          <DialogTitle id={titleId}>{t('Delete {name}?', { name: member.name })}</DialogTitle>
          <DialogContent>
            <DialogContentText id={textId}>
              {t('{email} will no longer be able to sign in. This cannot be undone.', { email: member.email })}
            </DialogContentText>
          </DialogContent>
          <DialogActions>
            <Button onClick={onCancel} disabled={deleting} autoFocus>
              {t('Cancel')}
            </Button>
            <Button color="error" variant="contained" loading={deleting} onClick={() => onConfirm(member)}>
              {t('Delete')}
            </Button>
          </DialogActions>
        </>
      )}
    </Dialog>
  );
}
