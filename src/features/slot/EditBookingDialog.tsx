import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import DialogContent from '@mui/material/DialogContent';
import FormControl from '@mui/material/FormControl';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormLabel from '@mui/material/FormLabel';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { DatePicker } from '@mui/x-date-pickers/DatePicker';
import { useId, useState } from 'react';
import { useSignedInUser } from '../../app/hooks';
import { EDIT_COUNT_MAX, MANUAL_BOOKING_ID, type Booking } from '../../domain/booking';
import { activeLabels } from '../../domain/company';
import { DateLocalization } from '../../components/DateLocalization';
import { OVER_CAPACITY } from '../../domain/capacity';
import { CUSTOMER_TYPE_LABELS, type CustomerType } from '../../domain/customerTypes';
import { errorMessage, overCapacityOf } from '../../services/errors';
import {
  BookingDialogFrame,
  BookingForm,
  CountField,
  FormActions,
  PhoneField,
  ServerError,
} from '../../components/bookingForm/BookingFormFields';
import { SelectField } from '../../components/SelectField';
import {
  editBody,
  editDifferences,
  editErrors,
  editFormFrom,
  hasErrors,
  phoneShown,
  staleCurrent,
  withCurrent,
  type EditForm,
} from '../../components/bookingForm/bookingForm';
import { useEditBookingMutation } from './slotApi';
import { useCompany } from '../../services/companyApi';
import { useT } from '../../services/i18n/useT';

export interface EditBookingDialogProps {
  open: boolean;
  onClose: () => void;
  booking: Booking;
  /** The slot the booking is listed in, whose cache is refreshed after the edit. */
  slot: { day: string; time: string; tour: string };
}

/** Spec §4/§5 booking edit. Lazy-loaded by the slot page, which keeps the date picker out of the main bundle. */
export default function EditBookingDialog({ open, onClose, booking, slot }: EditBookingDialogProps) {
  const t = useT();
  return (
    <BookingDialogFrame open={open} onClose={onClose} title={t('Edit booking')}>
      {/* Here, not at the app root: the pickers and their locale load only with this lazy chunk (ARCHITECTURE §6). */}
      <DateLocalization>
        <EditBookingForm booking={booking} slot={slot} onClose={onClose} />
      </DateLocalization>
    </BookingDialogFrame>
  );
}

function EditBookingForm({ booking: initial, slot, onClose }: Omit<EditBookingDialogProps, 'open'>) {
  const user = useSignedInUser();
  const company = useCompany();
  const t = useT();
  // The version the edit is based on; replaced when the user reloads someone else's newer save.
  const [booking, setBooking] = useState(initial);
  const [form, setForm] = useState(() => editFormFrom(initial));
  const [editBooking, { isLoading, error, reset }] = useEditBookingMutation();
  const cancelId = useId();

  const showPhone = phoneShown(booking, user.role, company);
  const errors = editErrors(form, showPhone);
  const changed = editDifferences(booking, form, showPhone) !== '';
  const readOnly = booking.cancelled;
  const canSave = !readOnly && changed && !hasErrors(errors) && !isLoading;
  const stale = staleCurrent(error);
  const refused = overCapacityOf(error);
  const manager = user.role === 'Manager';

  const set = <K extends keyof EditForm>(key: K, value: EditForm[K]) => setForm((f) => ({ ...f, [key]: value }));

  const reload = (current: Booking) => {
    setBooking(current);
    setForm(editFormFrom(current));
    reset();
  };

  // `overCapacity`: a Manager's "Save anyway" after the server said the departure has no seats for the change.
  const save = async (overCapacity = false) => {
    if (!canSave) return;
    const body = { ...editBody(booking, form, showPhone), ...(overCapacity ? { allowOverCapacity: true } : {}) };
    const result = await editBooking({ ...slot, bookingId: booking._id, body });
    if (!result.error) onClose();
  };

  const tours = withCurrent(activeLabels(company.tours), booking.tour);
  const sources = withCurrent(activeLabels(company.sources), booking.source ?? '');
  const sourceEditable = booking.bookingId === MANUAL_BOOKING_ID;

  return (
    <BookingForm onSubmit={() => void save()}>
      <DialogContent>
        <Stack spacing={2} sx={{ pt: 1 }}>
          {readOnly && (
            <Alert severity="info">
              {t('This booking is cancelled. Cancelling cannot be undone, so it can no longer be edited.')}
            </Alert>
          )}
          <TextField
            label={t('Name')}
            value={form.name}
            disabled={readOnly}
            error={errors.name !== null}
            helperText={errors.name}
            onChange={(event) => set('name', event.target.value)}
          />
          <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
            {Object.entries(form.counts).map(([type, value]) => (
              <CountField
                key={type}
                label={t(CUSTOMER_TYPE_LABELS[type as CustomerType])}
                value={value}
                max={EDIT_COUNT_MAX}
                disabled={readOnly}
                error={errors.counts[type as keyof EditForm['counts']] ?? null}
                onChange={(next) => setForm((f) => ({ ...f, counts: { ...f.counts, [type]: next } }))}
              />
            ))}
          </Stack>
          {booking.source !== undefined && (
            <SelectField
              label={t('Source')}
              value={form.source}
              options={sources}
              disabled={readOnly || !sourceEditable}
              helperText={sourceEditable ? undefined : t('Only manually added bookings can change source')}
              onChange={(value) => set('source', value)}
            />
          )}
          {showPhone && (
            <PhoneField
              value={form.phone}
              error={errors.phone}
              disabled={readOnly}
              onChange={(value) => set('phone', value)}
            />
          )}
          <SelectField
            label={t('Tour')}
            value={form.tour}
            options={tours}
            disabled={readOnly}
            error={errors.tour}
            onChange={(value) => set('tour', value)}
          />
          <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
            <TextField
              label={t('Time')}
              value={form.time}
              disabled={readOnly}
              error={errors.time !== null}
              helperText={errors.time ?? t('HH:mm, e.g. 09:30')}
              onChange={(event) => set('time', event.target.value)}
              slotProps={{ htmlInput: { inputMode: 'numeric' } }}
            />
            <DatePicker
              label={t('Date')}
              format="d/M/yyyy"
              value={form.date}
              disabled={readOnly}
              onChange={(value) => set('date', value)}
              slotProps={{
                textField: { fullWidth: true, helperText: errors.date ?? t('d/m/yyyy') },
                // Spec §5 wants d/m/yyyy as written; the field pads digits (14/06/2025) without this.
                field: { shouldRespectLeadingZeros: true },
              }}
            />
          </Stack>
          <FormControl component="fieldset" disabled={readOnly}>
            <FormLabel component="legend" id={cancelId}>
              {t('Cancel Booking')}
            </FormLabel>
            <RadioGroup
              row
              aria-labelledby={cancelId}
              value={form.cancelled ? 'yes' : 'no'}
              onChange={(event) => set('cancelled', event.target.value === 'yes')}
            >
              <FormControlLabel value="no" control={<Radio sx={{ p: 1.25 }} />} label={t('No')} />
              <FormControlLabel value="yes" control={<Radio sx={{ p: 1.25 }} />} label={t('Yes')} />
            </RadioGroup>
          </FormControl>
          {!readOnly && form.cancelled && (
            <Alert severity="warning">{t('Saving cancels this booking. Cancelling cannot be undone.')}</Alert>
          )}
          <ServerError
            message={
              refused
                ? t('{seats}.', { seats: t(OVER_CAPACITY, { left: refused.seatsLeft }) })
                : error
                  ? errorMessage(error)
                  : null
            }
            action={
              (stale && (
                <Button color="inherit" size="small" onClick={() => reload(stale)}>
                  {t('Reload')}
                </Button>
              )) ||
              (refused && manager && (
                <Button color="inherit" size="small" disabled={!canSave} onClick={() => void save(true)}>
                  {t('Save anyway')}
                </Button>
              ))
            }
          />
        </Stack>
      </DialogContent>
      <FormActions onClose={onClose} submitLabel={t('Save')} canSubmit={canSave} busy={isLoading} />
    </BookingForm>
  );
}
