import MenuItem from '@mui/material/MenuItem';
import TextField, { type TextFieldProps } from '@mui/material/TextField';
import { LANGUAGE_NAMES, LANGUAGES, isLanguage, type Language } from '../domain/languages';

interface LanguageSelectProps {
  label: string;
  value: Language;
  onChange: (language: Language) => void;
  options?: readonly Language[];
  helperText?: string;
  disabled?: boolean;
  size?: TextFieldProps['size'];
  sx?: TextFieldProps['sx'];
}

/** A choice of language, each named in itself and marked as that language (`lang`), the closed field too. */
export function LanguageSelect({ label, value, onChange, options = LANGUAGES, ...field }: LanguageSelectProps) {
  return (
    <TextField
      select
      label={label}
      value={value}
      onChange={(event) => {
        if (isLanguage(event.target.value)) onChange(event.target.value);
      }}
      slotProps={{
        select: { renderValue: (shown) => <span lang={String(shown)}>{LANGUAGE_NAMES[shown as Language]}</span> },
      }}
      {...field}
    >
      {options.map((option) => (
        <MenuItem key={option} value={option} lang={option}>
          {LANGUAGE_NAMES[option]}
        </MenuItem>
      ))}
    </TextField>
  );
}
