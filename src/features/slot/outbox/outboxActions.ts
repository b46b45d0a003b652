import type { Booking } from '../../../domain/booking';
import type { CountList } from '../../../domain/customerTypes';
import type { OutboxEntry } from '../../../domain/outbox';
import { randomId } from '../../../services/deviceId';
import type { SlotArgs } from '../slotApi';
import { entryQueued } from '../../../services/offline/outboxSlice';
import type { OutboxHost } from './outboxSync';

export type Thunk = (dispatch: OutboxHost['dispatch'], getState: OutboxHost['getState']) => void;

// The sender and IndexedDB download with the first check-in or at sign-in (OutboxSync), not with the page.
export const sender = (dispatch: OutboxHost['dispatch'], getState: OutboxHost['getState']) =>
  import(/* webpackChunkName: "offline" */ './outboxSync').then((m) => m.outboxSync({ dispatch, getState }));

let lastSeq = 0;
/** Increasing within the tab, and roughly with time across tabs. */
export const nextSeq = () => (lastSeq = Math.max(lastSeq + 1, Date.now()));

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
    dispatch(entryQueued(entry));
    // Written once the tap's render is done: on a slow phone the count shows first, and a task later it is on disk.
    setTimeout(() => void sender(dispatch, getState).then((sync) => sync?.keep(entry)), 0);
  };

/** Started at sign-in (app/OutboxSync.tsx): what the device kept from before a reload is sent. */
export const startOutbox = (): Thunk => (dispatch, getState) => void sender(dispatch, getState);
