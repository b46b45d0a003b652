import CalendarMonth from '@mui/icons-material/CalendarMonth';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useRef, useState, type ComponentType } from 'react';
import { formatDayNumeric } from '../../components/days';
import { useT } from '../../services/i18n/useT';
import type { DayPickerDialogProps } from './DayPickerDialog';

// The calendar (the date pickers and date-fns) downloads on first use, never with the page.
const importDialog = () =>
  import(/* webpackChunkName: "day-picker" */ './DayPickerDialog').then((module) => module.default);

type Loading = 'idle' | 'loading' | 'failed';

interface DayPickerButtonProps {
  day: string;
  onPick: (day: string) => void;
}

/** The day in d/m/yyyy on a button that opens a calendar. */
export function DayPickerButton({ day, onPick }: DayPickerButtonProps) {
  const t = useT();
  const [PickerDialog, setPickerDialog] = useState<ComponentType<DayPickerDialogProps> | null>(null);
  const [loading, setLoading] = useState<Loading>('idle');
  const [open, setOpen] = useState(false);
  const button = useRef<HTMLButtonElement>(null);
  const shown = formatDayNumeric(day);

  const choose = () => {
    if (PickerDialog) return setOpen(true);
    setLoading('loading');
    importDialog().then(
      (loaded) => {
        // A component in state is set through a function, or React would call it as an updater.
        setPickerDialog(() => loaded);
        setLoading('idle');
        setOpen(true);
      },
      // A failed download is tried again on the next tap (webpack forgets failed chunks).
      () => setLoading('failed'),
    );
  };
  // Started as the pointer arrives or focus lands, the download is often done by the tap.
  const prefetch = () => void importDialog().catch(() => undefined);

  return (
    <Stack spacing={0.5}>
      <Button
        ref={button}
        variant="outlined"
        startIcon={<CalendarMonth />}
        aria-haspopup="dialog"
        // The visible date is part of the name, as WCAG 2.5.3 asks.
        aria-label={t('Choose a date, {date}', { date: shown })}
        loading={loading === 'loading'}
        loadingPosition="start"
        onClick={choose}
        onPointerEnter={prefetch}
        onFocus={prefetch}
      >
        {shown}
      </Button>
      {loading === 'failed' && (
        <Typography role="alert" variant="body2" color="error">
          {t('The calendar did not load. Check the connection and try again.')}
        </Typography>
      )}
      {PickerDialog && (
        <PickerDialog
          open={open}
          day={day}
          onClose={() => setOpen(false)}
          onClosed={() => button.current?.focus()}
          onPick={(picked) => {
            setOpen(false);
            onPick(picked);
          }}
        />
      )}
    </Stack>
  );
}
