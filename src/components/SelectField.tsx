import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';

interface SelectFieldProps {
  label: string;
  value: string;
  options: string[];
  disabled?: boolean;
  helperText?: string;
  error?: string | null;
  onChange: (value: string) => void;
  /** How an option reads, when it is not its value (a fixed choice among data, worded in the reader's language). */
  optionLabel?: (option: string) => string;
}

/** A select of plain text options, labelled, with its error or hint below. */
export function SelectField(props: SelectFieldProps) {
  const { label, value, options, disabled, helperText, error, onChange, optionLabel } = props;
  return (
    <TextField
      select
      label={label}
      value={value}
      disabled={disabled}
      error={Boolean(error)}
      helperText={error ?? helperText}
      onChange={(event) => onChange(event.target.value)}
    >
      {options.map((option) => (
        <MenuItem key={option} value={option}>
          {optionLabel ? optionLabel(option) : option}
        </MenuItem>
      ))}
    </TextField>
  );
}
