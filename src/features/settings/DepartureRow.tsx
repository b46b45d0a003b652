import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import ToggleButton from '@mui/material/ToggleButton';
import ToggleButtonGroup from '@mui/material/ToggleButtonGroup';
import Typography from '@mui/material/Typography';
import type { WeeklyDeparture } from '../../domain/timetable';
import { departureProblem, WEEKDAYS } from './timetableDraft';
import { CapacityField, TourSelect, WhenField, type TourOption } from './TimetableFields';

interface DepartureRowProps {
  departure: WeeklyDeparture;
  tours: TourOption[];
  onChange: (departure: WeeklyDeparture) => void;
  onRemove: () => void;
}

/** One weekly departure: its tour, time, weekdays, the dates it holds between and its capacity. */
export function DepartureRow({ departure, tours, onChange, onRemove }: DepartureRowProps) {
  const name = `${tours.find((t) => t.id === departure.tourId)?.label ?? ''} at ${departure.time}`;
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
        <TourSelect tourId={departure.tourId} tours={tours} onChange={(tourId) => set({ tourId })} />
        <WhenField label="Time" type="time" value={departure.time} onChange={(time) => set({ time })} />
        <CapacityField value={departure.capacity} onChange={(capacity) => set({ capacity })} />
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
        <WhenField label="From" type="date" value={departure.validFrom} onChange={(validFrom) => set({ validFrom })} />
        <WhenField
          label="Until"
          type="date"
          value={departure.validUntil ?? ''}
          helperText="Empty: no end"
          onChange={(until) => set({ validUntil: until || null })}
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
