// Pieces shared by the add and edit booking dialogs (one form look for create and edit, as in STYLE's anchors).
import Add from '@mui/icons-material/Add';
import Remove from '@mui/icons-material/Remove';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogTitle from '@mui/material/DialogTitle';
import IconButton from '@mui/material/IconButton';
import InputAdornment from '@mui/material/InputAdornment';
import TextField from '@mui/material/TextField';
import { useTheme } from '@mui/material/styles';
import useMediaQuery from '@mui/material/useMediaQuery';
import { useId, type FormEvent, type ReactNode } from 'react';
import { PHONE_INVALID } from '../../domain/booking';
import { phoneExample } from '../../domain/phoneExample';
import { useCompany } from '../../services/companyApi';
import { countHint, parseCount, steppedCount } from './bookingForm';
import { useT } from '../../services/i18n/useT';

interface BookingDialogFrameProps {
  open: boolean;
  onClose: () => void;
  title: string;
  children: ReactNode;
}

/**
 * Full screen on phones (the slot page is used standing in the street). The Dialog drops its children when
 * closed, so each opening starts the form afresh from the booking.
 */
export function BookingDialogFrame({ open, onClose, title, children }: BookingDialogFrameProps) {
  const theme = useTheme();
  const fullScreen = useMediaQuery(theme.breakpoints.down('sm'));
  const titleId = useId();
  return (
    <Dialog open={open} onClose={onClose} fullScreen={fullScreen} fullWidth maxWidth="sm" aria-labelledby={titleId}>
      <DialogTitle id={titleId}>{title}</DialogTitle>
      {children}
    </Dialog>
  );
}

interface BookingFormProps {
  onSubmit: () => void;
  children: ReactNode;
}

/** The dialog's form element, so Enter in a field submits like the button does. */
export function BookingForm({ onSubmit, children }: BookingFormProps) {
  const handleSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    onSubmit();
  };
  return (
    <Box
      component="form"
      noValidate
      onSubmit={handleSubmit}
      sx={{ display: 'flex', flexDirection: 'column', flex: 1, minHeight: 0 }}
    >
      {children}
    </Box>
  );
}

interface FormActionsProps {
  onClose: () => void;
  submitLabel: string;
  canSubmit: boolean;
  busy: boolean;
}

export function FormActions({ onClose, submitLabel, canSubmit, busy }: FormActionsProps) {
  const t = useT();
  return (
    <DialogActions sx={{ px: 3, pb: 2 }}>
      <Button onClick={onClose}>{t('Close')}</Button>
      <Button type="submit" variant="contained" disabled={!canSubmit} loading={busy}>
        {submitLabel}
      </Button>
    </DialogActions>
  );
}

export function ServerError({ message, action }: { message: string | null; action?: ReactNode }) {
  if (!message) return null;
  return (
    <Alert severity="error" action={action}>
      {message}
    </Alert>
  );
}

interface CountFieldProps {
  label: string;
  value: string;
  /** The range said in the hint; the form's rules decide what is valid and say the same range. */
  min?: number;
  max: number;
  error: string | null;
  disabled?: boolean;
  /** − and + buttons beside the number, for a thumb on a phone. */
  stepper?: boolean;
  onChange: (value: string) => void;
}

export function CountField({ label, value, min = 0, max, error, disabled, stepper, onChange }: CountFieldProps) {
  const t = useT();
  const step = (by: 1 | -1) => onChange(steppedCount(value, by, min, max));
  const count = parseCount(value);
  return (
    <TextField
      label={label}
      type="number"
      value={value}
      disabled={disabled}
      error={error !== null}
      helperText={error ?? countHint(min, max)}
      onChange={(event) => onChange(event.target.value)}
      slotProps={{
        htmlInput: { min, max, step: 1, inputMode: 'numeric' },
        input: stepper
          ? {
              startAdornment: (
                <InputAdornment position="start">
                  <IconButton
                    aria-label={t('Fewer {label}', { label: label.toLocaleLowerCase() })}
                    edge="start"
                    disabled={disabled || (count !== null && count <= min)}
                    onClick={() => step(-1)}
                  >
                    <Remove />
                  </IconButton>
                </InputAdornment>
              ),
              endAdornment: (
                <InputAdornment position="end">
                  <IconButton
                    aria-label={t('More {label}', { label: label.toLocaleLowerCase() })}
                    edge="end"
                    disabled={disabled || (count !== null && count >= max)}
                    onClick={() => step(1)}
                  >
                    <Add />
                  </IconButton>
                </InputAdornment>
              ),
            }
          : undefined,
      }}
    />
  );
}

interface PhoneFieldProps {
  value: string;
  error: string | null;
  disabled?: boolean;
  onChange: (value: string) => void;
}

/**
 * The message is the spec's own ('A valid value is required'); an empty phone is allowed. The example is a number of
 * the company's country, where its zone tells it.
 */
export function PhoneField({ value, error, disabled, onChange }: PhoneFieldProps) {
  const t = useT();
  const example = phoneExample(useCompany().timezone);
  const hint = example
    ? t('Optional, e.g. {example}', { example })
    : t('Optional, starting with + and the country code');
  return (
    <TextField
      label={t('Phone')}
      type="tel"
      autoComplete="off"
      value={value}
      disabled={disabled}
      error={error !== null}
      placeholder={example}
      helperText={error === null ? hint : t(PHONE_INVALID)}
      onChange={(event) => onChange(event.target.value)}
    />
  );
}
