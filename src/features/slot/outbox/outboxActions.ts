import type { Booking } from '../../../domain/booking';
import type { CountList } from '../../../domain/customerTypes';
import { overrideEntry, type OutboxEntry } from '../../../domain/outbox';
import { randomId } from '../../../services/deviceId';
import type { SlotArgs } from '../slotApi';
import { entryRemoved, entrySaved } from './outboxSlice';
import type { OutboxHost } from './outboxSync';

type Thunk = (dispatch: OutboxHost['dispatch'], getState: OutboxHost['getState']) => void;

// The sender and IndexedDB download with the first check-in or at sign-in (OutboxSync), not with the page.
const sender = (dispatch: OutboxHost['dispatch'], getState: OutboxHost['getState']) =>
  import(/* webpackChunkName: "offline" */ './outboxSync').then((m) => m.outboxSync({ dispatch, getState }));

let lastSeq = 0;
/** Increasing within the tab, and roughly with time across tabs. */
const nextSeq = () => (lastSeq = Math.max(lastSeq + 1, Date.now()));

export interface CheckInInput {
  /** As the row shows it: its counts are what the check-in was made on. */
  booking: Booking;
  slot: SlotArgs;
  attendees: CountList;
  chosenGuide?: string | null;
}

/**
 * A check-in tap: shown at once, written to the device's outbox, then sent under its own operation id. Without
 * network it waits there, through reloads, until the server has it.
 */
export const queueCheckIn =
  ({ booking, slot, attendees, chosenGuide }: CheckInInput): Thunk =>
  (dispatch, getState) => {
    const userId = getState().auth.user?._id;
    if (!userId) return;
    const entry: OutboxEntry = {
      id: randomId(),
      userId,
      bookingId: booking._id,
      slot: { day: slot.day, time: slot.time, tour: slot.tour },
      attendees,
      base: booking.attendees,
      madeAt: new Date().toISOString(),
      seq: nextSeq(),
      state: 'waiting',
      ...(chosenGuide ? { chosenGuide } : {}),
    };
    dispatch(entrySaved(entry));
    void sender(dispatch, getState).then((sync) => sync?.keep(entry));
  };

/** "Keep 3" after a conflict, or "Dismiss" after a refusal: the server's counts stay, the entry goes. */
export const settleEntry =
  (entry: OutboxEntry): Thunk =>
  (dispatch, getState) => {
    dispatch(entryRemoved(entry.id));
    void sender(dispatch, getState).then((sync) => sync?.drop(entry.id));
  };

/** "Use your 4" after a conflict: sent again, on the counts the server has now. */
export const applyMine =
  (entry: OutboxEntry): Thunk =>
  (dispatch, getState) => {
    const next = overrideEntry(entry, randomId(), new Date(), nextSeq());
    dispatch(entryRemoved(entry.id));
    dispatch(entrySaved(next));
    void sender(dispatch, getState).then((sync) => sync?.keep(next, entry.id));
  };

/** Started at sign-in (app/OutboxSync.tsx): what the device kept from before a reload is sent. */
export const startOutbox = (): Thunk => (dispatch, getState) => void sender(dispatch, getState);
