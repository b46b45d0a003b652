import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useId } from 'react';
import type { WeeklyDeparture } from '../../domain/timetable';
import { useT } from '../../services/i18n/useT';
import { departureProblem } from './timetableDraft';
import { CapacityField, DayInput, TimeInput, TourSelect, type TourOption } from './TimetableFields';
import { WeekdayPicker } from './WeekdayPicker';

interface DepartureRowProps {
  departure: WeeklyDeparture;
  tours: TourOption[];
  onChange: (departure: WeeklyDeparture) => void;
  onRemove: () => void;
}

/** One weekly departure: its tour, time, weekdays, the dates it holds between and its capacity. */
export function DepartureRow({ departure, tours, onChange, onRemove }: DepartureRowProps) {
  const t = useT();
  const problemId = useId();
  const tour = tours.find((t) => t.id === departure.tourId)?.label ?? '';
  const problem = departureProblem(departure);
  const set = (change: Partial<WeeklyDeparture>) => onChange({ ...departure, ...change });
  return (
    <Stack
      component="li"
      aria-label={departure.time ? t('{tour} at {time}', { tour, time: departure.time }) : tour}
      spacing={1.5}
      sx={{ py: 2, borderBottom: 1, borderColor: 'divider' }}
    >
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1.5}>
        <TourSelect tourId={departure.tourId} tours={tours} onChange={(tourId) => set({ tourId })} />
        <TimeInput value={departure.time} onChange={(time) => set({ time })} />
        <CapacityField value={departure.capacity} onChange={(capacity) => set({ capacity })} />
      </Stack>
      <WeekdayPicker
        weekdays={departure.weekdays}
        describedBy={problem ? problemId : undefined}
        onChange={(weekdays) => set({ weekdays })}
      />
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1.5} sx={{ alignItems: { sm: 'flex-start' } }}>
        <DayInput label={t('From')} value={departure.validFrom} onChange={(day) => set({ validFrom: day ?? '' })} />
        <DayInput
          label={t('Until')}
          value={departure.validUntil}
          hint={t('Empty: no end')}
          onChange={(validUntil) => set({ validUntil })}
        />
        <Button color="error" onClick={onRemove} sx={{ flexShrink: 0 }}>
          {t('Remove')}
        </Button>
      </Stack>
      {problem && (
        <Typography id={problemId} variant="body2" color="error">
          {t(problem)}
        </Typography>
      )}
    </Stack>
  );
}
