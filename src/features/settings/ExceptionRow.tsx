import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import type { DepartureException } from '../../domain/timetable';
import { SelectField } from '../../components/SelectField';
import { capacityOf, exceptionProblem } from './timetableDraft';

const KINDS = { cancelled: 'Cancelled that day', extra: 'Extra that day' } as const;

interface ExceptionRowProps {
  exception: DepartureException;
  tours: Array<{ id: string; label: string }>;
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
      role="group"
      aria-label={`${tourLabel} on ${exception.date} at ${exception.time}`}
      spacing={1}
      sx={{ py: 2, borderBottom: 1, borderColor: 'divider' }}
    >
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1.5} sx={{ alignItems: { sm: 'center' } }}>
        <TextField
          label="Day"
          type="date"
          value={exception.date}
          onChange={(e) => set({ date: e.target.value })}
          slotProps={{ inputLabel: { shrink: true } }}
        />
        <TextField
          label="Time"
          type="time"
          value={exception.time}
          onChange={(e) => set({ time: e.target.value })}
          slotProps={{ inputLabel: { shrink: true } }}
        />
        <SelectField
          label="Tour"
          value={tourLabel}
          options={tours.map((t) => t.label)}
          onChange={(label) => set({ tourId: tours.find((t) => t.label === label)?.id ?? '' })}
        />
        <SelectField
          label="Change"
          value={KINDS[exception.kind]}
          options={Object.values(KINDS)}
          onChange={(label) => set({ kind: label === KINDS.extra ? 'extra' : 'cancelled' })}
        />
        {exception.kind === 'extra' && (
          <TextField
            label="Capacity"
            type="number"
            value={exception.capacity ?? ''}
            onChange={(e) => set({ capacity: capacityOf(e.target.value) })}
            slotProps={{ htmlInput: { min: 1, inputMode: 'numeric' } }}
          />
        )}
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
