import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import { CUSTOMER_TYPES, CUSTOMER_TYPE_LABELS, totalCount } from '../../domain/customerTypes';
import { UNKNOWN_SOURCE, type SlotTotals } from '../../domain/slots';
import { useT } from '../../services/i18n/useT';

interface SourcesDialogProps {
  open: boolean;
  totals: SlotTotals;
  onCopy: () => void;
  onClose: () => void;
}

/** company.displaySourcesModal: the per-source breakdown is checked before the numbers are copied. */
export function SourcesDialog({ open, totals, onCopy, onClose }: SourcesDialogProps) {
  const t = useT();
  // Only the types this slot has, so the table fits a phone held upright.
  const types = CUSTOMER_TYPES.filter((type) => totals.booked[type] > 0);
  return (
    <Dialog open={open} onClose={onClose} aria-labelledby="sources-dialog-title" fullWidth maxWidth="sm">
      <DialogTitle id="sources-dialog-title">{t('Guests per source')}</DialogTitle>
      <DialogContent sx={{ px: { xs: 1, sm: 3 } }}>
        <Table size="small" aria-labelledby="sources-dialog-title" sx={{ '& th, & td': { px: 1 } }}>
          <TableHead>
            <TableRow>
              <TableCell component="th">{t('Source')}</TableCell>
              {types.map((type) => (
                <TableCell key={type} align="right">
                  {t(CUSTOMER_TYPE_LABELS[type])}
                </TableCell>
              ))}
              <TableCell align="right">{t('Total')}</TableCell>
            </TableRow>
          </TableHead>
          <TableBody>
            {totals.bySource.map(({ source, counts }) => (
              <TableRow key={source}>
                <TableCell component="th" scope="row" sx={{ overflowWrap: 'anywhere' }}>
                  {source === UNKNOWN_SOURCE ? t(UNKNOWN_SOURCE) : source}
                </TableCell>
                {types.map((type) => (
                  <TableCell key={type} align="right">
                    {counts[type]}
                  </TableCell>
                ))}
                <TableCell align="right">{totalCount(counts)}</TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>{t('Cancel')}</Button>
        <Button variant="contained" onClick={onCopy}>
          {t('Copy')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
