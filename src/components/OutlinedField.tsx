import FormControl from '@mui/material/FormControl';
import FormHelperText from '@mui/material/FormHelperText';
import InputLabel from '@mui/material/InputLabel';
import OutlinedInput, { type OutlinedInputProps } from '@mui/material/OutlinedInput';
import { useId } from 'react';

type OutlinedFieldProps = Pick<
  OutlinedInputProps,
  'type' | 'name' | 'autoComplete' | 'value' | 'onChange' | 'required' | 'autoFocus'
> & {
  label: string;
  /** The field's rule, shown under it before anything is submitted ("At least 8 characters"). */
  helperText?: string | undefined;
  /** The helper text says what is wrong: the field shows it in the error colour and reads as invalid. */
  error?: boolean;
};

/**
 * A labelled outlined text box, as MUI's TextField draws it. TextField also imports its select mode (Select, Menu,
 * Popover, Modal), which the sign-in page, a guide's first download, does not need.
 */
export function OutlinedField({ label, helperText, error, ...input }: OutlinedFieldProps) {
  const id = useId();
  const helperId = `${id}-helper`;
  return (
    <FormControl variant="outlined" error={error}>
      <InputLabel htmlFor={id}>{label}</InputLabel>
      <OutlinedInput id={id} label={label} aria-describedby={helperText ? helperId : undefined} {...input} />
      {helperText && <FormHelperText id={helperId}>{helperText}</FormHelperText>}
    </FormControl>
  );
}
