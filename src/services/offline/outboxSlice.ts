import { createSlice, type PayloadAction } from '@reduxjs/toolkit';
import { byOrder, type OutboxEntry } from '../../domain/outbox';
import { loggedOut } from '../authEvents';
import type { WithLive } from '../live/liveSlice';

/** The signed-in member's check-ins not yet on the server, as the device keeps them (outboxStore.ts). */
export interface OutboxState {
  entries: OutboxEntry[];
  /** False after a send found no network (navigator.onLine alone is not trusted) or the browser went offline. */
  online: boolean;
  syncing: boolean;
  /** Entries shown but not yet on the device's disk: a reload of the device's copy must not drop them. */
  unsaved: string[];
  /** Check-ins that had to wait and have all reached the server since: the header says so for a moment. */
  sent: number;
}

const initialState = (): OutboxState => ({
  entries: [],
  online: typeof navigator === 'undefined' || navigator.onLine,
  syncing: false,
  unsaved: [],
  sent: 0,
});

export const outboxSlice = createSlice({
  name: 'outbox',
  initialState: initialState(),
  reducers: {
    /** The device's copy, read at sign-in or after another tab changed it. */
    outboxLoaded(state, { payload }: PayloadAction<OutboxEntry[]>) {
      const loaded = new Set(payload.map((entry) => entry.id));
      const unsaved = state.entries.filter((entry) => state.unsaved.includes(entry.id) && !loaded.has(entry.id));
      state.entries = [...payload, ...unsaved].sort(byOrder);
    },
    /** A tap's new entry: shown at once, on disk a moment later (`entryStored`). */
    entryQueued(state, { payload }: PayloadAction<OutboxEntry>) {
      state.entries.push(payload);
      state.unsaved.push(payload.id);
    },
    entryStored(state, { payload }: PayloadAction<string>) {
      state.unsaved = state.unsaved.filter((id) => id !== payload);
    },
    /** A new check-in, or one whose state changed (sent into a conflict, refused). */
    entrySaved(state, { payload }: PayloadAction<OutboxEntry>) {
      const index = state.entries.findIndex((entry) => entry.id === payload.id);
      if (index >= 0) state.entries[index] = payload;
      else state.entries.push(payload);
    },
    entryRemoved(state, { payload }: PayloadAction<string>) {
      state.entries = state.entries.filter((entry) => entry.id !== payload);
    },
    syncChanged(state, { payload }: PayloadAction<Partial<Pick<OutboxState, 'online' | 'syncing'>>>) {
      Object.assign(state, payload);
    },
    waitingSent(state, { payload }: PayloadAction<number>) {
      state.sent = payload;
    },
    sentReportSeen(state) {
      state.sent = 0;
    },
  },
  // The device keeps them for the member (outboxStore.ts); the next member on this device does not see them.
  extraReducers: (builder) => builder.addCase(loggedOut, () => initialState()),
});

export const {
  outboxLoaded,
  entryQueued,
  entryStored,
  entrySaved,
  entryRemoved,
  syncChanged,
  waitingSent,
  sentReportSeen,
} = outboxSlice.actions;

type WithOutbox = { outbox: OutboxState };
export const selectOutboxEntries = (state: WithOutbox) => state.outbox.entries;
export const selectOutbox = (state: WithOutbox) => state.outbox;
/** A booking has a check-in on its way to the server. */
export const selectWaiting = (bookingId: string) => (state: WithOutbox) =>
  state.outbox.entries.some((entry) => entry.bookingId === bookingId && entry.state === 'waiting');
/** A booking's check-in the guide must look at: a conflict, or a refusal. */
export const selectNotice = (bookingId: string) => (state: WithOutbox) =>
  state.outbox.entries.find((entry) => entry.bookingId === bookingId && entry.state !== 'waiting');
/** The header has something to say: a check-in not settled, no network, waiting check-ins just sent, no live stream. */
export const selectSyncShown = (state: WithOutbox & WithLive) =>
  state.outbox.entries.length > 0 || !state.outbox.online || state.outbox.sent > 0 || state.live.down;
/** Check-ins not on the server yet (waiting, or in conflict): signing out warns about them. */
export const selectUnsent = (state: WithOutbox) =>
  state.outbox.entries.filter((entry) => entry.state !== 'refused').length;
