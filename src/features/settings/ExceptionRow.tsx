import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { formatDayNumeric } from '../../components/days';
import { SelectField } from '../../components/SelectField';
import type { DepartureException } from '../../domain/timetable';
import { exceptionProblem } from './timetableDraft';
import { CapacityField, DayInput, TimeInput, TourSelect, type TourOption } from './TimetableFields';

const KINDS = { cancelled: 'Cancelled that day', extra: 'Extra that day' } as const;

interface ExceptionRowProps {
  exception: DepartureException;
  tours: TourOption[];
  onChange: (exception: DepartureException) => void;
  onRemove: () => void;
}

/** One day's change: a departure cancelled, or an extra one. */
export function ExceptionRow({ exception, tours, onChange, onRemove }: ExceptionRowProps) {
  const tourLabel = tours.find((t) => t.id === exception.tourId)?.label ?? '';
  const problem = exceptionProblem(exception);
  const set = (change: Partial<DepartureException>) => onChange({ ...exception, ...change });
  return (
    <Stack
      component="li"
      aria-label={`${tourLabel} on ${formatDayNumeric(exception.date)} at ${exception.time}`}
      spacing={1}
      sx={{ py: 2, borderBottom: 1, borderColor: 'divider' }}
    >
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1.5} sx={{ alignItems: { sm: 'flex-start' } }}>
        <DayInput label="Day" value={exception.date} onChange={(date) => set({ date: date ?? '' })} />
        <TimeInput value={exception.time} onChange={(time) => set({ time })} />
        <TourSelect tourId={exception.tourId} tours={tours} onChange={(tourId) => set({ tourId })} />
        <SelectField
          label="Change"
          value={KINDS[exception.kind]}
          options={Object.values(KINDS)}
          onChange={(label) => set({ kind: label === KINDS.extra ? 'extra' : 'cancelled' })}
        />
        {exception.kind === 'extra' && (
          <CapacityField value={exception.capacity} onChange={(capacity) => set({ capacity })} />
        )}
        <Button color="error" onClick={onRemove} sx={{ flexShrink: 0 }}>
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
