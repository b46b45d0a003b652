import { entryQueued, entryStored, outboxLoaded, outboxSlice } from '../../src/services/offline/outboxSlice';
import { waitingEntry } from './fixtures';

const entry = (id: string, seq: number) => waitingEntry(seq, id);

describe('the outbox slice', () => {
  const reduce = outboxSlice.reducer;

  it("keeps a tap not yet on disk when the device's copy is read again, and lets it go once stored", () => {
    let state = reduce(undefined, entryQueued(entry('tap', 2)));
    // Another tab's message: the device's copy has an older entry, not the tap being written.
    state = reduce(state, outboxLoaded([entry('older', 1)]));
    expect(state.entries.map((e) => e.id)).toEqual(['older', 'tap']);
    state = reduce(state, entryStored('tap'));
    // Stored, then sent by another tab: the next read of the device's copy drops it.
    state = reduce(state, outboxLoaded([entry('older', 1)]));
    expect(state.entries.map((e) => e.id)).toEqual(['older']);
  });
});
