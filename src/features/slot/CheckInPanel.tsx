import ExpandLess from '@mui/icons-material/ExpandLess';
import ExpandMore from '@mui/icons-material/ExpandMore';
import Button from '@mui/material/Button';
import FormControlLabel from '@mui/material/FormControlLabel';
import Stack from '@mui/material/Stack';
import Switch from '@mui/material/Switch';
import { lazy, Suspense, useId, useState } from 'react';
import { Tag } from '../../components/Tag';
import type { Booking } from '../../domain/booking';
import {
  CUSTOMER_TYPES,
  countsFromList,
  listFromCounts,
  totalCount,
  ZERO_COUNTS,
  type CustomerCounts,
} from '../../domain/customerTypes';
import { useAppDispatch, useAppSelector } from '../../app/hooks';
import { queueCheckIn } from './outbox/outboxActions';
import { selectNotice, selectWaiting } from '../../services/offline/outboxSlice';
import type { SlotArgs } from './slotApi';
import { checkInState, type CheckInState } from './slotCounts';
import { Placeholder } from '../../components/Placeholder';
import { msg } from '../../domain/messageFormat';
import { useT } from '../../services/i18n/useT';

// Opened by "Choose who came": the radio buttons download then, not with every row of the slot page.
const AttendanceForm = lazy(() =>
  import(/* webpackChunkName: "slot-attendance" */ './AttendanceForm').then((m) => ({ default: m.AttendanceForm })),
);
// Conflicts and refusals are rare: their buttons download when one happens.
const OutboxNotice = lazy(() => import(/* webpackChunkName: "slot-outbox" */ './outbox/OutboxNotice'));

interface CheckInPanelProps {
  booking: Booking;
  slot: SlotArgs;
  disabled: boolean;
  chosenGuide: string | null;
}

const STATE_LABEL: Record<CheckInState, string> = {
  none: msg('Not checked in'),
  partial: msg('Partly checked in'),
  full: msg('Checked in'),
};

/** Spec §4 check-in: a switch for the whole booking, or per type who came. */
export function CheckInPanel({ booking, slot, disabled, chosenGuide }: CheckInPanelProps) {
  const dispatch = useAppDispatch();
  const t = useT();
  const waiting = useAppSelector(selectWaiting(booking._id));
  const notice = useAppSelector(selectNotice(booking._id));
  const [expanded, setExpanded] = useState(false);
  const panelId = useId();
  const booked = countsFromList(booking.customers);
  const attended = countsFromList(booking.attendees);
  const state = checkInState(attended, booked);
  const checkedIn = state !== 'none';
  const stateId = useId();
  const countId = useId();
  // The attendees keep the types the booking was made with, zeros included, as the server stores them.
  const bookedTypes = CUSTOMER_TYPES.filter((type) => booking.customers.some((entry) => entry[type] !== undefined));

  /** Shown at once and kept on the device until the server has it (street mode's outbox). */
  const send = (counts: CustomerCounts) => {
    const attendees = listFromCounts(counts, bookedTypes);
    dispatch(queueCheckIn({ booking, slot, attendees, chosenGuide }));
  };

  return (
    <Stack spacing={1} sx={{ mt: 1 }}>
      <Stack direction="row" sx={{ alignItems: 'center', justifyContent: 'space-between', flexWrap: 'wrap', gap: 1 }}>
        <Stack direction="row" sx={{ alignItems: 'center', gap: 1 }}>
          <FormControlLabel
            label={<span id={stateId}>{t(STATE_LABEL[state])}</span>}
            disabled={disabled}
            control={
              <Switch
                checked={checkedIn}
                color={state === 'partial' ? 'secondary' : 'primary'}
                onChange={() => send(checkedIn ? ZERO_COUNTS : booked)}
                slotProps={{
                  input: {
                    'aria-label': t('Checked in: {name}', { name: booking.name }),
                    'aria-describedby': state === 'partial' ? `${stateId} ${countId}` : stateId,
                  },
                }}
              />
            }
            sx={{ minHeight: 44, ml: 0, mr: 0 }}
          />
          {state === 'partial' && (
            <Tag tone="accent" id={countId}>
              {t('{came} of {booked}', { came: totalCount(attended), booked: totalCount(booked) })}
            </Tag>
          )}
          {waiting && <Tag>{t('Waiting to send')}</Tag>}
        </Stack>
        <Button
          onClick={() => setExpanded((open) => !open)}
          disabled={disabled}
          aria-expanded={expanded}
          aria-controls={panelId}
          endIcon={expanded ? <ExpandLess /> : <ExpandMore />}
        >
          {t('Choose who came')}
        </Button>
      </Stack>
      {/* Opens at once, without a height animation: a guide taps and reads, and the page loads less. */}
      {expanded && !disabled && (
        <div id={panelId}>
          <Suspense fallback={<Placeholder height={120} role="status" aria-label={t('Loading the attendance form')} />}>
            <AttendanceForm
              booked={booked}
              attended={checkedIn ? attended : null}
              onSubmit={(counts) => {
                send(counts);
                setExpanded(false);
              }}
            />
          </Suspense>
        </div>
      )}
      {notice && (
        <Suspense fallback={null}>
          <OutboxNotice entry={notice} />
        </Suspense>
      )}
    </Stack>
  );
}
