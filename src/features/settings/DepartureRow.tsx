import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import ToggleButton from '@mui/material/ToggleButton';
import ToggleButtonGroup from '@mui/material/ToggleButtonGroup';
import Typography from '@mui/material/Typography';
import type { WeeklyDeparture } from '../../domain/timetable';
import { SelectField } from '../../components/SelectField';
import { capacityOf, departureProblem, WEEKDAYS } from './timetableDraft';

interface DepartureRowProps {
  departure: WeeklyDeparture;
  tours: Array<{ id: string; label: string }>;
  onChange: (departure: WeeklyDeparture) => void;
  onRemove: () => void;
}

/** One weekly departure: its tour, time, weekdays, the dates it holds between and its capacity. */
export function DepartureRow({ departure, tours, onChange, onRemove }: DepartureRowProps) {
  const tourLabel = tours.find((t) => t.id === departure.tourId)?.label ?? '';
  const name = `${tourLabel} at ${departure.time}`;
  const problem = departureProblem(departure);
  const set = (change: Partial<WeeklyDeparture>) => onChange({ ...departure, ...change });
  return (
    <Stack
      component="li"
      role="group"
      aria-label={name}
      spacing={1.5}
      sx={{ py: 2, borderBottom: 1, borderColor: 'divider' }}
    >
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1.5}>
        <SelectField
          label="Tour"
          value={tourLabel}
          options={tours.map((t) => t.label)}
          onChange={(label) => set({ tourId: tours.find((t) => t.label === label)?.id ?? '' })}
        />
        <TextField
          label="Time"
          type="time"
          value={departure.time}
          onChange={(e) => set({ time: e.target.value })}
          slotProps={{ inputLabel: { shrink: true } }}
        />
        <TextField
          label="Capacity"
          type="number"
          value={departure.capacity ?? ''}
          helperText="Empty: no limit"
          onChange={(e) => set({ capacity: capacityOf(e.target.value) })}
          slotProps={{ htmlInput: { min: 1, inputMode: 'numeric' } }}
        />
      </Stack>
      <ToggleButtonGroup
        size="small"
        aria-label={`Weekdays of ${name}`}
        value={departure.weekdays}
        onChange={(_e, weekdays: number[]) => set({ weekdays: [...weekdays].sort() })}
      >
        {WEEKDAYS.map((w) => (
          <ToggleButton key={w.day} value={w.day} aria-label={w.name}>
            {w.short}
          </ToggleButton>
        ))}
      </ToggleButtonGroup>
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1.5} sx={{ alignItems: { sm: 'center' } }}>
        <TextField
          label="From"
          type="date"
          value={departure.validFrom}
          onChange={(e) => set({ validFrom: e.target.value })}
          slotProps={{ inputLabel: { shrink: true } }}
        />
        <TextField
          label="Until"
          type="date"
          value={departure.validUntil ?? ''}
          helperText="Empty: no end"
          onChange={(e) => set({ validUntil: e.target.value || null })}
          slotProps={{ inputLabel: { shrink: true } }}
        />
        <Button color="error" onClick={onRemove}>
          Remove
        </Button>
      </Stack>
      {problem && (
        <Typography variant="body2" color="error">
          {problem}
        </Typography>
      )}
    </Stack>
  );
}
