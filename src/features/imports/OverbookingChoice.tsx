import Checkbox from '@mui/material/Checkbox';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormHelperText from '@mui/material/FormHelperText';
import { useId } from 'react';
import { useT } from '../../services/i18n/useT';

interface OverbookingChoiceProps {
  checked: boolean;
  disabled: boolean;
  onChange: (checked: boolean) => void;
}

/** A history import may bring bookings past a departure's capacity or at times the timetable has no departure. */
export function OverbookingChoice({ checked, disabled, onChange }: OverbookingChoiceProps) {
  const t = useT();
  const hintId = useId();
  return (
    <div>
      <FormControlLabel
        label={t('Allow overbooking and times outside the timetable')}
        control={
          <Checkbox
            checked={checked}
            disabled={disabled}
            onChange={(event) => onChange(event.target.checked)}
            slotProps={{ input: { 'aria-describedby': hintId } }}
          />
        }
        sx={{ minHeight: 44 }}
      />
      <FormHelperText id={hintId}>
        {t(
          'For a file of past bookings. Otherwise rows that would put a departure over its capacity, or that have no departure in the timetable, are rejected.',
        )}
      </FormHelperText>
    </div>
  );
}
