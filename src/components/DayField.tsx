import { DatePicker } from '@mui/x-date-pickers/DatePicker';
import { DISPLAY_DAY_FORMAT } from './DateLocalization';

interface DayFieldProps {
  label: string;
  value: Date | null;
  /** Shown under the field, which is then marked invalid. */
  error?: string | undefined;
  /** Shown under the field while there is no error. */
  hint?: string | undefined;
  onChange: (value: Date | null) => void;
}

/**
 * A calendar day picked as d/M/yyyy (spec §5). It needs DateLocalization above it, and like it, it belongs only
 * in lazy pages and dialogs: the pickers would otherwise land in the main bundle.
 */
export function DayField({ label, value, error, hint, onChange }: DayFieldProps) {
  return (
    <DatePicker
      label={label}
      format={DISPLAY_DAY_FORMAT}
      value={value}
      onChange={onChange}
      slotProps={{
        textField: { fullWidth: true, error: Boolean(error), helperText: error ?? hint },
        // Spec §5 wants d/m/yyyy as written; the field pads digits (07/06/2026) without this.
        field: { shouldRespectLeadingZeros: true },
      }}
    />
  );
}
