import DialogContent from '@mui/material/DialogContent';
import FormControlLabel from '@mui/material/FormControlLabel';
import Stack from '@mui/material/Stack';
import Switch from '@mui/material/Switch';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { format, isValid, parse } from 'date-fns';
import { useState } from 'react';
import { useSignedInUser } from '../../app/hooks';
import { ADD_ADULTS_MAX, ADD_ADULTS_MIN, ADD_OTHER_MAX, type Booking } from '../../domain/booking';
import { DAY_FORMAT } from '../../domain/dates';
import type { ScheduledSlot } from '../../domain/schemas/booking';
import { errorMessage } from '../../services/errors';
import { activeLabels } from '../../domain/company';
import { addBody, addErrors, addFormFor, withSource, type AddForm } from './addBookingForm';
import { BookingDialogFrame, BookingForm, CountField, FormActions, PhoneField, ServerError } from './BookingFormFields';
import { SelectField } from '../../components/SelectField';
import { chosenSlot, departureLabel, SlotChoice, type ChosenSlot } from './SlotChoice';
import { useAddBookingMutation } from './bookingFormsApi';

export interface AddBookingDialogProps {
  open: boolean;
  onClose: () => void;
  /** The booking the server created, so the slot can show where it went. */
  onCreated: (booking: Booking) => void;
  day: string;
  /** From a slot page: its time and tour. From the day page: none, chosen among `departures`. */
  time?: string;
  tour?: string;
  departures?: readonly ScheduledSlot[];
}

/** Spec §5 add booking: a walk-in or phone booking for a slot, from its page or chosen on the day page (issue 21). */
export default function AddBookingDialog({
  open,
  onClose,
  onCreated,
  day,
  time,
  tour,
  departures,
}: AddBookingDialogProps) {
  const fixed = time !== undefined && tour !== undefined ? { day, time, tour } : null;
  return (
    <BookingDialogFrame open={open} onClose={onClose} title="Add booking">
      <AddBookingForm day={day} fixed={fixed} departures={departures ?? []} onClose={onClose} onCreated={onCreated} />
    </BookingDialogFrame>
  );
}

/** Spec §5: dates read d/m/yyyy, as in the pickers. */
function displayDay(day: string): string {
  const date = parse(day, DAY_FORMAT, new Date());
  return isValid(date) ? format(date, 'd/M/yyyy') : day;
}

interface AddBookingFormProps {
  day: string;
  fixed: { day: string; time: string; tour: string } | null;
  departures: readonly ScheduledSlot[];
  onClose: () => void;
  onCreated: (booking: Booking) => void;
}

function AddBookingForm({ day, fixed, departures, onClose, onCreated }: AddBookingFormProps) {
  const user = useSignedInUser();
  const sourceOptions = activeLabels(user.company.sources);
  const [choice, setChoice] = useState<ChosenSlot>(() => ({
    departure: departures[0] ? departureLabel(departures[0]) : '',
    tour: '',
    time: '',
  }));
  const chosen =
    fixed ??
    (() => {
      const picked = chosenSlot(choice, departures);
      return picked && { day, ...picked };
    })();
  const [form, setForm] = useState(() => addFormFor(sourceOptions));
  // Say "Name is required" only once the user has been in the field, not on an untouched new form.
  const [nameTouched, setNameTouched] = useState(false);
  const [addBooking, { isLoading, error }] = useAddBookingMutation();

  const errors = addErrors(form);
  const canCreate = Object.values(errors).every((e) => e === null) && !isLoading && chosen !== null;
  const set = <K extends keyof AddForm>(key: K, value: AddForm[K]) => setForm((f) => ({ ...f, [key]: value }));

  const create = async () => {
    if (!canCreate || !chosen) return;
    const result = await addBooking({ ...chosen, body: addBody(form, chosen) });
    if (result.data) onCreated(result.data);
  };

  return (
    <BookingForm onSubmit={create}>
      <DialogContent>
        <Stack spacing={2} sx={{ pt: 1 }}>
          {fixed ? (
            <Typography color="text.secondary">
              {displayDay(fixed.day)} · {fixed.time} · {fixed.tour}
            </Typography>
          ) : (
            <>
              <Typography color="text.secondary">{displayDay(day)}</Typography>
              <SlotChoice
                departures={departures}
                otherTours={user.role === 'Manager' ? activeLabels(user.company.tours) : null}
                value={choice}
                onChange={setChoice}
              />
            </>
          )}
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
              stepper
              onChange={(value) => set('adults', value)}
            />
            <CountField
              label="Children"
              value={form.children}
              max={ADD_OTHER_MAX}
              error={errors.children}
              stepper
              onChange={(value) => set('children', value)}
            />
          </Stack>
          <PhoneField value={form.phone} error={errors.phone} onChange={(value) => set('phone', value)} />
          {sourceOptions.length > 0 && (
            <SelectField
              label="Source"
              value={form.source}
              options={sourceOptions}
              onChange={(value) => setForm((f) => withSource(f, value))}
            />
          )}
          <FormControlLabel
            label="Checked in now"
            control={
              <Switch
                checked={form.checkedIn}
                onChange={(event) => setForm((f) => ({ ...f, checkedIn: event.target.checked, checkedInChosen: true }))}
              />
            }
            sx={{ minHeight: 44, ml: 0 }}
          />
          <ServerError message={error ? errorMessage(error) : null} />
        </Stack>
      </DialogContent>
      <FormActions onClose={onClose} submitLabel="Create" canSubmit={canCreate} busy={isLoading} />
    </BookingForm>
  );
}
