import type { OutboxEntry } from '../../src/domain/outbox';
import { entryQueued, entryStored, outboxLoaded, outboxSlice } from '../../src/services/offline/outboxSlice';

const entry = (id: string, seq: number): OutboxEntry => ({
  id,
  userId: 'u1',
  bookingId: 'b1',
  slot: { day: '2026-11-26', time: '10:00', tour: 'Walk' },
  attendees: [{ Adults: 2 }],
  base: [],
  madeAt: '2026-11-26T09:58:00.000Z',
  seq,
  state: 'waiting',
});

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
