import TextField from '@mui/material/TextField';
import { SelectField } from '../../components/SelectField';
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
  return (
    <SelectField
      label="Tour"
      value={tours.find((t) => t.id === tourId)?.label ?? ''}
      options={tours.map((t) => t.label)}
      onChange={(label) => onChange(tours.find((t) => t.label === label)?.id ?? '')}
    />
  );
}

/** A date or time field (the browser's own picker), its label kept above the value. */
export function WhenField({
  label,
  type,
  value,
  helperText,
  onChange,
}: {
  label: string;
  type: 'date' | 'time';
  value: string;
  helperText?: string;
  onChange: (value: string) => void;
}) {
  return (
    <TextField
      label={label}
      type={type}
      value={value}
      helperText={helperText}
      onChange={(e) => onChange(e.target.value)}
      slotProps={{ inputLabel: { shrink: true } }}
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
  return (
    <TextField
      label="Capacity"
      type="number"
      value={value ?? ''}
      helperText="Empty: no limit"
      onChange={(e) => onChange(capacityOf(e.target.value))}
      slotProps={{ htmlInput: { min: 1, inputMode: 'numeric' } }}
    />
  );
}
