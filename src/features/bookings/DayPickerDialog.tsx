import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogTitle from '@mui/material/DialogTitle';
import { DateCalendar } from '@mui/x-date-pickers/DateCalendar';
import { format, isValid } from 'date-fns';
import { useId } from 'react';
import { DateLocalization } from '../../components/DateLocalization';
import { parseDay } from '../../components/days';
import { DAY_FORMAT } from '../../domain/dates';
import { useT } from '../../services/i18n/useT';

export interface DayPickerDialogProps {
  open: boolean;
  day: string;
  onPick: (day: string) => void;
  onClose: () => void;
  /** Once the dialog has gone: the page it led to may have re-rendered meanwhile, so focus is given back here. */
  onClosed: () => void;
}

/**
 * A calendar to go to any day: picking a day goes there (a year or a month chosen first only narrows the calendar).
 * A default export, loaded when the day page's date button is first used: guides mostly flip days with the chevrons.
 */
export default function DayPickerDialog({ open, day, onPick, onClose, onClosed }: DayPickerDialogProps) {
  const t = useT();
  const titleId = useId();
  return (
    // The 8 px margin leaves the calendar its 320 px on a 360 px phone.
    <Dialog
      open={open}
      onClose={onClose}
      aria-labelledby={titleId}
      slotProps={{ paper: { sx: { m: 1 } }, transition: { onExited: onClosed } }}
    >
      <DialogTitle id={titleId}>{t('Choose a date')}</DialogTitle>
      <DateLocalization>
        <DateCalendar
          defaultValue={parseDay(day)}
          autoFocus
          onChange={(value, selection) => {
            if (selection === 'finish' && value && isValid(value)) onPick(format(value, DAY_FORMAT));
          }}
        />
      </DateLocalization>
      <DialogActions>
        <Button onClick={onClose}>{t('Cancel')}</Button>
      </DialogActions>
    </Dialog>
  );
}
