import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import CircularProgress from '@mui/material/CircularProgress';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import FormControl from '@mui/material/FormControl';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormGroup from '@mui/material/FormGroup';
import FormLabel from '@mui/material/FormLabel';
import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { Link as RouterLink } from 'react-router-dom';
import {
  CUSTOMER_TYPES,
  countsFromList,
  listFromCounts,
  totalCount,
  type CustomerCounts,
} from '../../../domain/customerTypes';
import type { Booking } from '../../../domain/booking';
import { splitEvenly } from '../../../domain/split';
import type { Shift } from '../../../domain/team';
import { errorCode, errorMessage } from '../../../services/errors';
import { BookingDialogFrame, BookingForm, FormActions } from '../../../components/bookingForm/BookingFormFields';
import { useGetCompanyGuidesQuery } from '../../../services/guidesApi';
import { useSaveShiftGuidesMutation, type ShiftArgs, type SlotArgs } from '../slotApi';
import { countsText } from '../slotCounts';
import { AssignedShares } from './AssignedShares';
import { splitOfBookings } from './assignedSplit';
import { GuideShareFields } from './GuideShareFields';
import { mismatchText } from './splitText';
import { inputsFrom, parseShare, type ChosenGuide, type ShareInputs } from './splitForm';
import { useSlotShift } from './useSlotShift';
import { RetryAlert } from '../../../components/LoadStates';
import { useT } from '../../../services/i18n/useT';

export interface SplitDialogProps {
  onClose: () => void;
  slot: SlotArgs;
  /** The slot's booked guests per type, as the header shows them. */
  totals: CustomerCounts;
  /** The slot's bookings: once any has a guide, the counts follow them. */
  bookings: readonly Booking[];
  onLocked: () => void;
}

/** Spec §4 guide assignment: choose the slot's guides and share its guests between them. */
export function SplitDialog({ onClose, slot, totals, bookings, onLocked }: SplitDialogProps) {
  const t = useT();
  const { args, shift, error, refetch } = useSlotShift(slot);
  let body;
  // The form starts from the saved split, so it waits for the shift rather than start from nothing.
  if (shift !== undefined) {
    body = (
      <SplitForm onClose={onClose} slot={args} totals={totals} bookings={bookings} shift={shift} onLocked={onLocked} />
    );
  } else if (error) {
    body = (
      <DialogContent>
        <RetryAlert onRetry={refetch}>{errorMessage(error, t("The slot's guides could not be loaded"))}</RetryAlert>
      </DialogContent>
    );
  } else {
    body = (
      <DialogContent role="status" aria-label={t("Loading the slot's guides")}>
        <CircularProgress />
      </DialogContent>
    );
  }
  return (
    <BookingDialogFrame open onClose={onClose} title={t('Split between guides')}>
      {body}
      {shift === undefined && (
        <DialogActions sx={{ px: 3, pb: 2 }}>
          <Button onClick={onClose}>{t('Close')}</Button>
        </DialogActions>
      )}
    </BookingDialogFrame>
  );
}

interface SplitFormProps extends Omit<SplitDialogProps, 'slot'> {
  slot: ShiftArgs;
  shift: Shift | null;
}

function SplitForm({ onClose, slot, totals, bookings, shift, onLocked }: SplitFormProps) {
  const t = useT();
  const { data: team, error: teamError, refetch: refetchTeam } = useGetCompanyGuidesQuery();
  const [saveShift, { isLoading, error }] = useSaveShiftGuidesMutation();
  const saved = shift?.guides ?? [];
  // Opens on the saved split as it was saved (hand edits included); choosing guides again re-splits evenly.
  const [chosen, setChosen] = useState<ChosenGuide[]>(() => saved.map(({ _id, name }) => ({ _id, name })));
  const [inputs, setInputs] = useState<ShareInputs[]>(() => saved.map((g) => inputsFrom(countsFromList(g.attendees))));
  const [savedTypes] = useState(() =>
    CUSTOMER_TYPES.filter((t) => saved.some((g) => countsFromList(g.attendees)[t] > 0)),
  );

  // A saved guide who has left the team stays listed, so the split can drop them.
  const options = [...(team ?? []), ...saved.filter((g) => !team?.some((member) => member._id === g._id))];
  const types = CUSTOMER_TYPES.filter((type) => totals[type] > 0 || savedTypes.includes(type));
  const shownTypes = types.length > 0 ? types : (['Adults'] as const);
  // Once any booking has a guide, the server stores each guide's guests from the bookings: so does the form.
  const assigned = splitOfBookings(
    chosen.map((g) => g.name),
    bookings,
  );
  const shares = assigned ? assigned.shares : inputs.map(parseShare);
  const valid = shares.every((share) => share !== null);
  const warning = valid ? mismatchText(shares as CustomerCounts[], totals, t) : null;
  const canSave = valid && (chosen.length > 0 || saved.length > 0) && !isLoading;
  // One sentence to translate, the link placed where the language puts it.
  const [beforeLink, afterLink] = t('Nobody in the team yet: add guides on the {link}.', { link: '\u0000' }).split(
    '\u0000',
  );

  const resplit = (guides: ChosenGuide[]) => {
    setChosen(guides);
    setInputs(splitEvenly(totals, guides.length).map(inputsFrom));
  };
  const toggle = (guide: ChosenGuide) =>
    resplit(
      chosen.some((g) => g._id === guide._id)
        ? chosen.filter((g) => g._id !== guide._id)
        : [...chosen, { _id: guide._id, name: guide.name }],
    );

  const save = async () => {
    if (!canSave) return;
    const selectedItems = chosen.map((guide, index) => ({
      ...guide,
      attendees: listFromCounts(shares[index] as CustomerCounts, CUSTOMER_TYPES),
    }));
    try {
      await saveShift({ slot, selectedItems }).unwrap();
      onClose();
    } catch (failure) {
      if (errorCode(failure) === 'SLOT_LOCKED') onLocked();
    }
  };

  return (
    <BookingForm onSubmit={save}>
      <DialogContent sx={{ display: 'flex', flexDirection: 'column', gap: 2 }}>
        <Typography sx={{ fontWeight: 600 }}>
          {t('{count, plural, one {# guest} other {# guests}}: {counts}', {
            count: totalCount(totals),
            counts: countsText(totals, t),
          })}
        </Typography>
        <FormControl component="fieldset" disabled={isLoading}>
          <FormLabel component="legend">{t('Guides')}</FormLabel>
          {teamError && (
            <RetryAlert onRetry={refetchTeam}>{errorMessage(teamError, t('The team could not be loaded'))}</RetryAlert>
          )}
          {team && options.length === 0 && (
            <Typography>
              {beforeLink}
              <Link component={RouterLink} to="/guides">
                {t('Team page')}
              </Link>
              {afterLink}
            </Typography>
          )}
          <FormGroup>
            {options.map((guide) => (
              <FormControlLabel
                key={guide._id}
                label={guide.name}
                control={<Checkbox checked={chosen.some((g) => g._id === guide._id)} onChange={() => toggle(guide)} />}
                sx={{ minHeight: 44, overflowWrap: 'anywhere' }}
              />
            ))}
          </FormGroup>
        </FormControl>
        {assigned && (
          <>
            <Alert severity="info" role="note">
              {t(
                'Counts follow the bookings assigned to each guide. To change them, move bookings with Assign bookings.',
              )}
            </Alert>
            <AssignedShares guides={chosen} split={assigned} />
          </>
        )}
        {!assigned &&
          chosen.map((guide, index) => (
            <GuideShareFields
              key={guide._id}
              guide={guide}
              types={shownTypes}
              inputs={inputs[index] as ShareInputs}
              disabled={isLoading}
              onChange={(type, value) =>
                setInputs((all) => all.map((share, i) => (i === index ? { ...share, [type]: value } : share)))
              }
            />
          ))}
        {!assigned && chosen.length > 0 && (
          <Button onClick={() => resplit(chosen)} disabled={isLoading} sx={{ alignSelf: 'flex-start' }}>
            {t('Split evenly')}
          </Button>
        )}
        {chosen.length === 0 && saved.length > 0 && (
          <Alert severity="info">{t('No guides chosen: saving removes the guides from this slot.')}</Alert>
        )}
        {warning && <Alert severity="warning">{warning}</Alert>}
        {error && <Alert severity="error">{errorMessage(error, t('The split was not saved'))}</Alert>}
      </DialogContent>
      <FormActions onClose={onClose} submitLabel={t('Save')} canSubmit={canSave} busy={isLoading} />
    </BookingForm>
  );
}
