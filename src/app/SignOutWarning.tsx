import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import { useId } from 'react';
import { useT } from '../services/i18n/useT';

interface SignOutWarningProps {
  open: boolean;
  /** Check-ins not yet on the server (waiting or in conflict). */
  unsent: number;
  onStay: () => void;
  onSignOut: () => void;
}

/** Signing out with check-ins still on the device: they are kept for this member, but the guide must know. */
export default function SignOutWarning({ open, unsent, onStay, onSignOut }: SignOutWarningProps) {
  const titleId = useId();
  const t = useT();
  return (
    <Dialog open={open} onClose={onStay} aria-labelledby={titleId}>
      <DialogTitle id={titleId}>{t('Sign out with check-ins unsent?')}</DialogTitle>
      <DialogContent>
        <DialogContentText>
          {t(
            '{count, plural, one {# check-in has} other {# check-ins have}} not reached the server yet. They stay on this device and are sent when you sign in here again.',
            { count: unsent },
          )}
        </DialogContentText>
      </DialogContent>
      <DialogActions>
        <Button onClick={onStay} autoFocus>
          {t('Stay signed in')}
        </Button>
        <Button color="error" onClick={onSignOut}>
          {t('Sign out')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
