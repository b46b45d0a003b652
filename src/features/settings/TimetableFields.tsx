import { TimeField } from '@mui/x-date-pickers/TimeField';
import TextField from '@mui/material/TextField';
import { format, isValid, parse } from 'date-fns';
import { useState } from 'react';
import { DayField } from '../../components/DayField';
import { parseDay } from '../../components/days';
import { SelectField } from '../../components/SelectField';
import { DAY_FORMAT, TIME_PATTERN } from '../../domain/dates';
import { useT } from '../../services/i18n/useT';
import { capacityOf } from './timetableDraft';

export type TourOption = { id: string; label: string };

/** A tour of the timetable, picked by name, kept by id. */
export function TourSelect({
  tourId,
  tours,
  onChange,
}: {
  tourId: string;
  tours: TourOption[];
  onChange: (tourId: string) => void;
}) {
  const t = useT();
  return (
    <SelectField
      label={t('Tour')}
      value={tours.find((t) => t.id === tourId)?.label ?? ''}
      options={tours.map((t) => t.label)}
      onChange={(label) => onChange(tours.find((t) => t.label === label)?.id ?? '')}
    />
  );
}

// Each field below keeps what is typed until it is a day or a time: the draft then holds '' (not yet one), and a
// half-typed value is not wiped by the empty one coming back. The rows are keyed, so a field stays with its row.

/**
 * A calendar day as d/M/yyyy, whatever the browser's locale: `yyyy-MM-dd` when it is one, null when left empty,
 * '' while what is typed is not a day.
 */
export function DayInput({
  label,
  value,
  hint,
  onChange,
}: {
  label: string;
  value: string | null;
  hint?: string;
  onChange: (day: string | null) => void;
}) {
  const [typed, setTyped] = useState(() => (value ? parseDay(value) : null));
  return (
    <DayField
      label={label}
      value={typed}
      hint={hint}
      onChange={(date) => {
        setTyped(date);
        onChange(date === null ? null : isValid(date) ? format(date, DAY_FORMAT) : '');
      }}
    />
  );
}

/** A wall-clock time as HH:mm on 24 hours, whatever the browser's locale; '' while what is typed is not a time. */
export function TimeInput({ value, onChange }: { value: string; onChange: (time: string) => void }) {
  const t = useT();
  const [typed, setTyped] = useState(() => (TIME_PATTERN.test(value) ? parse(value, 'HH:mm', new Date()) : null));
  return (
    <TimeField
      label={t('Time')}
      format="HH:mm"
      ampm={false}
      fullWidth
      value={typed}
      onChange={(date) => {
        setTyped(date);
        onChange(date && isValid(date) ? format(date, 'HH:mm') : '');
      }}
    />
  );
}

/** Guests a departure takes at most; empty is no limit. */
export function CapacityField({
  value,
  onChange,
}: {
  value: number | null;
  onChange: (capacity: number | null) => void;
}) {
  const t = useT();
  return (
    <TextField
      label={t('Capacity')}
      type="number"
      value={value ?? ''}
      helperText={t('Empty: no limit')}
      onChange={(e) => onChange(capacityOf(e.target.value))}
      slotProps={{ htmlInput: { min: 1, inputMode: 'numeric' } }}
    />
  );
}
