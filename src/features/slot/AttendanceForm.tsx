import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import FormControl from '@mui/material/FormControl';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormLabel from '@mui/material/FormLabel';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import Stack from '@mui/material/Stack';
import { useId, useState, type FormEvent } from 'react';
import {
  CUSTOMER_TYPES,
  CUSTOMER_TYPE_LABELS,
  ZERO_COUNTS,
  type CustomerCounts,
  type CustomerType,
} from '../../domain/customerTypes';
import { RADIO_MAX } from '../../domain/attendance';
import { AttendanceStepper } from './AttendanceStepper';
import { useT } from '../../services/i18n/useT';

interface AttendanceFormProps {
  booked: CustomerCounts;
  /** What was recorded before, to correct it; null when nobody is checked in yet, so every type must be picked. */
  attended: CustomerCounts | null;
  onSubmit: (counts: CustomerCounts) => void;
}

export function AttendanceForm({ booked, attended, onSubmit }: AttendanceFormProps) {
  const labelId = useId();
  const t = useT();
  const types = CUSTOMER_TYPES.filter((type) => booked[type] > 0);
  const [choice, setChoice] = useState<Partial<CustomerCounts>>(() => attended ?? {});
  const [missing, setMissing] = useState(false);

  const choose = (type: CustomerType, count: number) => {
    setChoice((current) => ({ ...current, [type]: count }));
    setMissing(false);
  };

  const handleSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (types.some((type) => choice[type] === undefined)) {
      setMissing(true);
      return;
    }
    onSubmit({ ...ZERO_COUNTS, ...choice });
  };

  return (
    <Stack component="form" spacing={1.5} onSubmit={handleSubmit} noValidate sx={{ pt: 1 }}>
      {types.map((type) =>
        booked[type] <= RADIO_MAX ? (
          <FormControl key={type}>
            <FormLabel id={`${labelId}-${type}`}>
              {t('{type} ({booked} booked)', { type: t(CUSTOMER_TYPE_LABELS[type]), booked: booked[type] })}
            </FormLabel>
            <RadioGroup
              row
              aria-labelledby={`${labelId}-${type}`}
              value={choice[type] ?? ''}
              onChange={(event) => choose(type, Number(event.target.value))}
            >
              {Array.from({ length: booked[type] + 1 }, (_, count) => (
                <FormControlLabel
                  key={count}
                  value={count}
                  label={String(count)}
                  control={<Radio sx={{ p: 1.25 }} />}
                />
              ))}
            </RadioGroup>
          </FormControl>
        ) : (
          <AttendanceStepper
            key={type}
            type={type}
            booked={booked[type]}
            value={choice[type]}
            onChange={(count) => choose(type, count)}
          />
        ),
      )}
      {missing && <Alert severity="error">{t('Select a value for each customer type to check in')}</Alert>}
      <div>
        <Button type="submit" variant="contained">
          {t('Check-in')}
        </Button>
      </div>
    </Stack>
  );
}
