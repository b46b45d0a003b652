import Alert from '@mui/material/Alert';
import DialogContent from '@mui/material/DialogContent';
import FormControlLabel from '@mui/material/FormControlLabel';
import Stack from '@mui/material/Stack';
import Switch from '@mui/material/Switch';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { useSignedInUser } from '../../app/hooks';
import { ADD_ADULTS_MAX, ADD_ADULTS_MIN, ADD_OTHER_MAX, type Booking } from '../../domain/booking';
import { OVER_CAPACITY, SEATS_LEFT, seatsLeft, slotKeyOf } from '../../domain/capacity';
import { displayDay } from '../../domain/displayDay';
import type { ScheduledSlot } from '../../domain/schemas/booking';
import type { SlotSummary } from '../../domain/slotGroups';
import { walkInCheckedIn } from '../../domain/departureTimes';
import { useAddBookingMutation } from '../../services/addBookingApi';
import { useCompany } from '../../services/companyApi';
import { errorMessage, overCapacityOf } from '../../services/errors';
import { activeLabels } from '../../domain/company';
import { addBody, addErrors, addFormFor, partySize, type AddForm } from './addBookingForm';
import { BookingDialogFrame, BookingForm, CountField, FormActions, PhoneField, ServerError } from './BookingFormFields';
import { SelectField } from '../SelectField';
import { CUSTOMER_TYPE_LABELS } from '../../domain/customerTypes';
import { useT } from '../../services/i18n/useT';
import { chosenSlot, departureLabel, SlotChoice, type ChosenSlot } from './SlotChoice';

/** A slot's guests and capacity, as the page that opens the dialog knows them. */
export type SlotLoad = Pick<SlotSummary, 'time' | 'tour' | 'pax' | 'capacity'>;

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
  /** The slots' guests and capacities, to show the seats left on the one chosen. */
  loads?: readonly SlotLoad[];
}

/** Spec §5 add booking: a walk-in or phone booking for a slot, from its page or chosen on the day page. */
export default function AddBookingDialog({
  open,
  onClose,
  onCreated,
  day,
  time,
  tour,
  departures,
  loads,
}: AddBookingDialogProps) {
  const t = useT();
  const fixed = time !== undefined && tour !== undefined ? { day, time, tour } : null;
  return (
    <BookingDialogFrame open={open} onClose={onClose} title={t('Add booking')}>
      <AddBookingForm
        day={day}
        fixed={fixed}
        departures={departures ?? []}
        loads={loads ?? []}
        onClose={onClose}
        onCreated={onCreated}
      />
    </BookingDialogFrame>
  );
}

interface AddBookingFormProps {
  day: string;
  fixed: { day: string; time: string; tour: string } | null;
  departures: readonly ScheduledSlot[];
  loads: readonly SlotLoad[];
  onClose: () => void;
  onCreated: (booking: Booking) => void;
}

function AddBookingForm({ day, fixed, departures, loads, onClose, onCreated }: AddBookingFormProps) {
  const user = useSignedInUser();
  const company = useCompany();
  const t = useT();
  const sourceOptions = activeLabels(company.sources);
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
  // The departure the last Create went to: a refusal for seats tells about that one only.
  const [sentTo, setSentTo] = useState<string | null>(null);
  const manager = user.role === 'Manager';

  // Seats left: as the server counted them when it refused, else from the page's counts.
  const load = chosen && loads.find((l) => l.time === chosen.time && l.tour === chosen.tour);
  const refused = chosen && sentTo === slotKeyOf(chosen) ? overCapacityOf(error) : undefined;
  const left = refused?.seatsLeft ?? (load?.capacity ? seatsLeft(load.capacity, load.pax) : null);
  const overCapacity = left !== null && partySize(form) > left;
  // Spec §5 defaults to Walkin; a walk-in is checked in when its departure is (about to be) under way.
  const checkedIn = form.checkedIn ?? (chosen !== null && walkInCheckedIn(form.source, chosen, company, new Date()));

  const errors = addErrors(form);
  const canCreate =
    Object.values(errors).every((e) => e === null) && !isLoading && chosen !== null && (!overCapacity || manager);
  const set = <K extends keyof AddForm>(key: K, value: AddForm[K]) => setForm((f) => ({ ...f, [key]: value }));

  const create = async () => {
    if (!canCreate || !chosen) return;
    setSentTo(slotKeyOf(chosen));
    const body = addBody(form, chosen, { checkedIn, overCapacity });
    const result = await addBooking({ ...chosen, body });
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
                otherTours={user.role === 'Manager' ? activeLabels(company.tours) : null}
                value={choice}
                onChange={setChoice}
              />
            </>
          )}
          {left !== null && (
            <Typography sx={{ fontWeight: 600 }} color={left === 0 ? 'error' : undefined}>
              {t(SEATS_LEFT, { left })}
            </Typography>
          )}
          <TextField
            label={t('Name')}
            required
            value={form.name}
            error={nameTouched && errors.name !== null}
            helperText={nameTouched ? errors.name : null}
            onBlur={() => setNameTouched(true)}
            onChange={(event) => set('name', event.target.value)}
          />
          <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
            <CountField
              label={t(CUSTOMER_TYPE_LABELS.Adults)}
              value={form.adults}
              min={ADD_ADULTS_MIN}
              max={ADD_ADULTS_MAX}
              error={errors.adults}
              stepper
              onChange={(value) => set('adults', value)}
            />
            <CountField
              label={t(CUSTOMER_TYPE_LABELS.Children)}
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
              label={t('Source')}
              value={form.source}
              options={sourceOptions}
              onChange={(value) => set('source', value)}
            />
          )}
          <FormControlLabel
            label={t('Checked in now')}
            control={<Switch checked={checkedIn} onChange={(event) => set('checkedIn', event.target.checked)} />}
            sx={{ minHeight: 44, ml: 0 }}
          />
          {overCapacity && left !== null && (
            <Alert severity="warning">
              {manager
                ? t('{seats}. Book anyway to add the whole party all the same.', { seats: t(OVER_CAPACITY, { left }) })
                : t('{seats}. Only a Manager can book over capacity.', { seats: t(OVER_CAPACITY, { left }) })}
            </Alert>
          )}
          <ServerError message={error && !refused ? errorMessage(error) : null} />
        </Stack>
      </DialogContent>
      <FormActions
        onClose={onClose}
        submitLabel={overCapacity && manager ? t('Book anyway') : t('Create')}
        canSubmit={canCreate}
        busy={isLoading}
      />
    </BookingForm>
  );
}
