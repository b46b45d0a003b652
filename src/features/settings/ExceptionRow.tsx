import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { formatDayNumeric } from '../../components/days';
import { SelectField } from '../../components/SelectField';
import { msg } from '../../domain/messageFormat';
import type { DepartureException } from '../../domain/timetable';
import { useT } from '../../services/i18n/useT';
import { exceptionProblem } from './timetableDraft';
import { CapacityField, DayInput, TimeInput, TourSelect, type TourOption } from './TimetableFields';

const KINDS: Record<DepartureException['kind'], string> = {
  cancelled: msg('Cancelled that day'),
  extra: msg('Extra that day'),
};

interface ExceptionRowProps {
  exception: DepartureException;
  tours: TourOption[];
  onChange: (exception: DepartureException) => void;
  onRemove: () => void;
}

/** One day's change: a departure cancelled, or an extra one. */
export function ExceptionRow({ exception, tours, onChange, onRemove }: ExceptionRowProps) {
  const t = useT();
  const tourLabel = tours.find((t) => t.id === exception.tourId)?.label ?? '';
  const problem = exceptionProblem(exception);
  const set = (change: Partial<DepartureException>) => onChange({ ...exception, ...change });
  return (
    <Stack
      component="li"
      aria-label={t('{tour} on {day} at {time}', {
        tour: tourLabel,
        day: formatDayNumeric(exception.date),
        time: exception.time,
      })}
      spacing={1}
      sx={{ py: 2, borderBottom: 1, borderColor: 'divider' }}
    >
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1.5} sx={{ alignItems: { sm: 'flex-start' } }}>
        <DayInput label={t('Day')} value={exception.date} onChange={(date) => set({ date: date ?? '' })} />
        <TimeInput value={exception.time} onChange={(time) => set({ time })} />
        <TourSelect tourId={exception.tourId} tours={tours} onChange={(tourId) => set({ tourId })} />
        <SelectField
          label={t('Change')}
          value={exception.kind}
          options={Object.keys(KINDS)}
          optionLabel={(kind) => t(KINDS[kind as DepartureException['kind']])}
          onChange={(kind) => set({ kind: kind === 'extra' ? 'extra' : 'cancelled' })}
        />
        {exception.kind === 'extra' && (
          <CapacityField value={exception.capacity} onChange={(capacity) => set({ capacity })} />
        )}
        <Button color="error" onClick={onRemove} sx={{ flexShrink: 0 }}>
          {t('Remove')}
        </Button>
      </Stack>
      {problem && (
        <Typography variant="body2" color="error">
          {t(problem)}
        </Typography>
      )}
    </Stack>
  );
}
