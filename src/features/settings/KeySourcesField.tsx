import Checkbox from '@mui/material/Checkbox';
import FormControl from '@mui/material/FormControl';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormGroup from '@mui/material/FormGroup';
import FormHelperText from '@mui/material/FormHelperText';
import FormLabel from '@mui/material/FormLabel';
import { useId } from 'react';
import { useT } from '../../services/i18n/useT';

interface KeySourcesFieldProps {
  /** The company's sources a key may be made for (not archived), in their order. */
  options: readonly string[];
  value: readonly string[];
  onChange: (sources: string[]) => void;
  /** Why the choice cannot be sent (in the reader's language), shown instead of the hint. */
  problem: string | null;
}

/** The sources whose bookings a key reads and writes: ticked in the company's order. */
export function KeySourcesField({ options, value, onChange, problem }: KeySourcesFieldProps) {
  const t = useT();
  const hintId = useId();
  const toggle = (source: string, on: boolean) =>
    onChange(options.filter((option) => (option === source ? on : value.includes(option))));
  return (
    <FormControl component="fieldset" aria-describedby={hintId} error={Boolean(problem)} required sx={{ mt: 2 }}>
      <FormLabel component="legend">{t('Sources')}</FormLabel>
      <FormGroup>
        {options.map((source) => (
          <FormControlLabel
            key={source}
            label={source}
            control={
              <Checkbox checked={value.includes(source)} onChange={(event) => toggle(source, event.target.checked)} />
            }
          />
        ))}
      </FormGroup>
      <FormHelperText id={hintId}>
        {problem || t('The key reads and writes the bookings of these sources only')}
      </FormHelperText>
    </FormControl>
  );
}
