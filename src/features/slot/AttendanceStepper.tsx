import Add from '@mui/icons-material/Add';
import Remove from '@mui/icons-material/Remove';
import IconButton from '@mui/material/IconButton';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import type { CustomerType } from '../../domain/customerTypes';
import { clampAttendance } from '../../domain/attendance';

interface AttendanceStepperProps {
  type: CustomerType;
  booked: number;
  /** Undefined until the guide picks a number. */
  value: number | undefined;
  onChange: (count: number) => void;
}

/** Spec §4: above RADIO_MAX guests of a type, a number with − and + for thumbs; typed values are clamped. */
export function AttendanceStepper({ type, booked, value, onChange }: AttendanceStepperProps) {
  const step = (by: number) => onChange(clampAttendance((value ?? 0) + by, booked));
  return (
    <Stack direction="row" sx={{ alignItems: 'flex-start', gap: 1 }}>
      <IconButton aria-label={`Fewer ${type}`} onClick={() => step(-1)} disabled={value === 0}>
        <Remove />
      </IconButton>
      <TextField
        label={type}
        value={value ?? ''}
        onChange={(event) => onChange(clampAttendance(event.target.value, booked))}
        helperText={`of ${booked} booked`}
        slotProps={{ htmlInput: { inputMode: 'numeric' } }}
        sx={{ width: 120 }}
      />
      <IconButton aria-label={`More ${type}`} onClick={() => step(1)} disabled={value === booked}>
        <Add />
      </IconButton>
    </Stack>
  );
}
