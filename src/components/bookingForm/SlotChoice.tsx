import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { TIME_PATTERN } from '../../domain/dates';
import type { ScheduledSlot } from '../../domain/schemas/booking';
import { SelectField } from '../SelectField';
import { msg } from '../../domain/messageFormat';
import { useT } from '../../services/i18n/useT';

/** The choice's value; shown as `t(ANOTHER_TIME)`. */
export const ANOTHER_TIME = msg('Another time…');

/** What the day page's Add Booking has chosen: one of the day's departures, or (Managers) a tour at another time. */
export interface ChosenSlot {
  departure: string;
  tour: string;
  time: string;
}

export const departureLabel = (d: { time: string; tour: string }) => `${d.time} · ${d.tour}`;

/** The slot chosen, or null while it is incomplete. */
export function chosenSlot(
  choice: ChosenSlot,
  departures: readonly ScheduledSlot[],
): { time: string; tour: string } | null {
  if (choice.departure === ANOTHER_TIME) {
    return choice.tour && TIME_PATTERN.test(choice.time) ? { time: choice.time, tour: choice.tour } : null;
  }
  const departure = departures.find((d) => departureLabel(d) === choice.departure);
  return departure ? { time: departure.time, tour: departure.tour } : null;
}

interface SlotChoiceProps {
  departures: readonly ScheduledSlot[];
  /** Offered "Another time…" with these tours: Managers, who may book any time (as in edit). */
  otherTours: string[] | null;
  value: ChosenSlot;
  onChange: (choice: ChosenSlot) => void;
}

/** Add Booking from the day page picks its slot among the day's departures. */
export function SlotChoice({ departures, otherTours, value, onChange }: SlotChoiceProps) {
  const t = useT();
  const options = [...departures.map(departureLabel), ...(otherTours ? [ANOTHER_TIME] : [])];
  return (
    <Stack spacing={2}>
      <SelectField
        label={t('Departure')}
        value={value.departure}
        options={options}
        helperText={departures.length === 0 ? t('No departure in the timetable this day') : undefined}
        optionLabel={(option) => (option === ANOTHER_TIME ? t(ANOTHER_TIME) : option)}
        onChange={(departure) => onChange({ ...value, departure })}
      />
      {value.departure === ANOTHER_TIME && otherTours && (
        <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
          <SelectField
            label={t('Tour')}
            value={value.tour}
            options={otherTours}
            onChange={(tour) => onChange({ ...value, tour })}
          />
          <TextField
            label={t('Time')}
            type="time"
            value={value.time}
            error={value.time !== '' && !TIME_PATTERN.test(value.time)}
            onChange={(event) => onChange({ ...value, time: event.target.value })}
            slotProps={{ inputLabel: { shrink: true } }}
          />
        </Stack>
      )}
    </Stack>
  );
}
