import CallSplit from '@mui/icons-material/CallSplit';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { totalCount } from '../../domain/customerTypes';
import type { SlotTotals } from '../../domain/slots';
import { countsText } from './slotCounts';

/** Split (manage guides). Until shifts exist it shows what there is to split and says assignment is not here yet. */
export function SplitButton({ totals }: { totals: SlotTotals }) {
  const [open, setOpen] = useState(false);
  const close = () => setOpen(false);
  return (
    <>
      <Button variant="outlined" startIcon={<CallSplit />} onClick={() => setOpen(true)}>
        Split
      </Button>
      <Dialog open={open} onClose={close} aria-labelledby="split-dialog-title" fullWidth maxWidth="xs">
        <DialogTitle id="split-dialog-title">Split between guides</DialogTitle>
        <DialogContent>
          <Typography sx={{ fontWeight: 600, mb: 1 }}>
            {totalCount(totals.booked)} guests: {countsText(totals.booked)}
          </Typography>
          <DialogContentText>
            Guides are assigned once the Team has guides: choosing them and splitting these guests between them is not
            available yet.
          </DialogContentText>
        </DialogContent>
        <DialogActions>
          <Button onClick={close}>Close</Button>
        </DialogActions>
      </Dialog>
    </>
  );
}
