import type { OutboxEntry } from '../../../domain/outbox';
import { overrideEntry } from '../../../domain/outboxOverride';
import { randomId } from '../../../services/deviceId';
import { nextSeq, sender, type Thunk } from './outboxActions';
import { entryQueued, entryRemoved } from '../../../services/offline/outboxSlice';

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
    dispatch(entryQueued(next));
    void sender(dispatch, getState).then((sync) => sync?.keep(next, entry.id));
  };
