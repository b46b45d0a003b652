import Add from '@mui/icons-material/Add';
import Remove from '@mui/icons-material/Remove';
import IconButton from '@mui/material/IconButton';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { CUSTOMER_TYPE_LABELS, type CustomerType } from '../../domain/customerTypes';
import { clampAttendance } from '../../domain/attendance';
import { useT } from '../../services/i18n/useT';

interface AttendanceStepperProps {
  type: CustomerType;
  booked: number;
  /** Undefined until the guide picks a number. */
  value: number | undefined;
  onChange: (count: number) => void;
}

/** Spec §4: above RADIO_MAX guests of a type, a number with − and + for thumbs; typed values are clamped. */
export function AttendanceStepper({ type, booked, value, onChange }: AttendanceStepperProps) {
  const t = useT();
  const label = t(CUSTOMER_TYPE_LABELS[type]);
  const step = (by: number) => onChange(clampAttendance((value ?? 0) + by, booked));
  return (
    <Stack direction="row" sx={{ alignItems: 'flex-start', gap: 1 }}>
      <IconButton aria-label={t('Fewer {type}', { type: label })} onClick={() => step(-1)} disabled={value === 0}>
        <Remove />
      </IconButton>
      <TextField
        label={label}
        value={value ?? ''}
        onChange={(event) => onChange(clampAttendance(event.target.value, booked))}
        helperText={t('of {booked} booked', { booked })}
        slotProps={{ htmlInput: { inputMode: 'numeric' } }}
        sx={{ width: 120 }}
      />
      <IconButton aria-label={t('More {type}', { type: label })} onClick={() => step(1)} disabled={value === booked}>
        <Add />
      </IconButton>
    </Stack>
  );
}
