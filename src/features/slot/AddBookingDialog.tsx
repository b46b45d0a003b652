import DialogContent from '@mui/material/DialogContent';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { format, isValid, parse } from 'date-fns';
import { useState } from 'react';
import { useSignedInUser } from '../../app/hooks';
import { ADD_ADULTS_MAX, ADD_ADULTS_MIN, ADD_OTHER_MAX } from '../../domain/booking';
import { DAY_FORMAT } from '../../domain/dates';
import { errorMessage } from '../../services/errors';
import {
  BookingDialogFrame,
  BookingForm,
  CountField,
  FormActions,
  PhoneField,
  SelectField,
  ServerError,
} from './BookingFormFields';
import { addBody, addErrors, addFormFor, type AddForm } from './bookingForm';
import { useAddBookingMutation } from './slotApi';

export interface AddBookingDialogProps {
  open: boolean;
  onClose: () => void;
  day: string;
  time: string;
  tour: string;
}

/** Spec §5 add booking: a walk-in or phone booking for this slot; date, time and tour are the slot's. */
export default function AddBookingDialog({ open, onClose, ...slot }: AddBookingDialogProps) {
  return (
    <BookingDialogFrame open={open} onClose={onClose} title="Add booking">
      <AddBookingForm slot={slot} onClose={onClose} />
    </BookingDialogFrame>
  );
}

/** Spec §5: dates read d/m/yyyy, as in the pickers. */
function displayDay(day: string): string {
  const date = parse(day, DAY_FORMAT, new Date());
  return isValid(date) ? format(date, 'd/M/yyyy') : day;
}

interface AddBookingFormProps {
  slot: { day: string; time: string; tour: string };
  onClose: () => void;
}

function AddBookingForm({ slot, onClose }: AddBookingFormProps) {
  const user = useSignedInUser();
  const [form, setForm] = useState(() => addFormFor(user.company.sources));
  // Say "Name is required" only once the user has been in the field, not on an untouched new form.
  const [nameTouched, setNameTouched] = useState(false);
  const [addBooking, { isLoading, error }] = useAddBookingMutation();

  const errors = addErrors(form);
  const canCreate = Object.values(errors).every((e) => e === null) && !isLoading;
  const set = <K extends keyof AddForm>(key: K, value: AddForm[K]) => setForm((f) => ({ ...f, [key]: value }));

  const create = async () => {
    if (!canCreate) return;
    const result = await addBooking({ ...slot, body: addBody(form, slot) });
    if (!result.error) onClose();
  };

  return (
    <BookingForm onSubmit={create}>
      <DialogContent>
        <Stack spacing={2} sx={{ pt: 1 }}>
          <Typography color="text.secondary">
            {displayDay(slot.day)} · {slot.time} · {slot.tour}
          </Typography>
          <TextField
            label="Name"
            required
            value={form.name}
            error={nameTouched && errors.name !== null}
            helperText={nameTouched ? errors.name : null}
            onBlur={() => setNameTouched(true)}
            onChange={(event) => set('name', event.target.value)}
          />
          <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
            <CountField
              label="Adults"
              value={form.adults}
              min={ADD_ADULTS_MIN}
              max={ADD_ADULTS_MAX}
              error={errors.adults}
              onChange={(value) => set('adults', value)}
            />
            <CountField
              label="Children"
              value={form.children}
              max={ADD_OTHER_MAX}
              error={errors.children}
              onChange={(value) => set('children', value)}
            />
          </Stack>
          <PhoneField value={form.phone} error={errors.phone} onChange={(value) => set('phone', value)} />
          {user.company.sources.length > 0 && (
            <SelectField
              label="Source"
              value={form.source}
              options={user.company.sources.map((s) => s.label)}
              onChange={(value) => set('source', value)}
            />
          )}
          <ServerError message={error ? errorMessage(error) : null} />
        </Stack>
      </DialogContent>
      <FormActions onClose={onClose} submitLabel="Create" canSubmit={canCreate} busy={isLoading} />
    </BookingForm>
  );
}
