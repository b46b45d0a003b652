import type { Booking } from '../../src/domain/booking';
import { syncLabel, type OutboxEntry } from '../../src/domain/outbox';
import { retryDelayMs } from '../../src/domain/outboxRetry';
import { overrideEntry } from '../../src/domain/outboxOverride';
import { withOutbox } from '../../src/domain/outboxView';

const booking = (overrides: Partial<Booking> = {}) =>
  ({ _id: 'b1', customers: [{ Adults: 4 }, { Children: 2 }], attendees: [], version: 3, ...overrides }) as Booking;

const entry = (overrides: Partial<OutboxEntry> = {}): OutboxEntry => ({
  id: 'op-1',
  userId: 'u1',
  bookingId: 'b1',
  slot: { day: '2026-11-26', time: '10:00', tour: 'Walk' },
  attendees: [{ Adults: 2 }, { Children: 0 }],
  base: [],
  madeAt: '2026-11-26T09:58:00.000Z',
  seq: 1,
  state: 'waiting',
  ...overrides,
});

describe('a booking shown with its outbox', () => {
  it("shows the last waiting check-in's counts, and leaves other bookings as they are", () => {
    const entries = [entry(), entry({ id: 'op-2', seq: 2, attendees: [{ Adults: 4 }, { Children: 2 }] })];
    expect(withOutbox(booking(), entries).attendees).toEqual([{ Adults: 4 }, { Children: 2 }]);
    const other = booking({ _id: 'b2' });
    expect(withOutbox(other, entries)).toBe(other);
  });

  it("shows what the server kept for a conflict, and nothing of a refused check-in's counts", () => {
    const current = booking({ attendees: [{ Adults: 3 }], version: 5, guide: 'Ana' });
    const conflict = entry({ state: 'conflict', conflict: { current, conflicts: [] } });
    expect(withOutbox(booking(), [conflict])).toBe(current);
    expect(withOutbox(booking(), [entry({ state: 'refused', refusal: 'Locked' })]).attendees).toEqual([]);
  });
});

describe('the sync label', () => {
  const none = { waiting: 0, conflicts: 0, refused: 0 };
  it('says nothing when everything is sent and the network is there', () => {
    expect(syncLabel(none, true, false)).toBeNull();
  });
  it('names each state that needs the guide to know', () => {
    expect(syncLabel({ ...none, waiting: 2 }, false, false)).toBe('Offline · 2 waiting');
    expect(syncLabel({ ...none, waiting: 1 }, true, true)).toBe('Syncing · 1 waiting');
    expect(syncLabel({ waiting: 0, conflicts: 2, refused: 1 }, true, false)).toBe('2 conflicts · 1 not saved');
    expect(syncLabel(none, false, false)).toBe('Offline');
  });
  it('says the page is not live while the live stream is down, unless offline says it already', () => {
    expect(syncLabel(none, true, false, 0, false)).toBe('Not live');
    expect(syncLabel({ ...none, waiting: 1 }, true, true, 0, false)).toBe('Not live · Syncing · 1 waiting');
    expect(syncLabel(none, false, false, 0, false)).toBe('Offline');
    expect(syncLabel(none, true, false, 2, false)).toBe('Not live');
  });
});

describe('"use yours" after a conflict', () => {
  it("sends the device's values for the types in conflict, on the server's current counts", () => {
    const current = booking({ attendees: [{ Adults: 3 }, { Children: 1 }], version: 5 });
    const conflicted = entry({
      attendees: [{ Adults: 4 }, { Children: 1 }],
      state: 'conflict',
      conflict: {
        current,
        conflicts: [{ type: 'Adults', base: 0, yours: 4, theirs: 3, by: 'Ana', at: null }],
      },
    });
    const next = overrideEntry(conflicted, 'op-9', new Date('2026-11-26T10:05:00.000Z'), 7);
    expect(next).toEqual({
      ...entry({ id: 'op-9', seq: 7 }),
      attendees: [{ Adults: 4 }, { Children: 1 }],
      base: [{ Adults: 3 }, { Children: 1 }],
      madeAt: '2026-11-26T10:05:00.000Z',
    });
  });
});

describe('the wait before the outbox tries again', () => {
  it('stays within seconds on a network that answered within the last minute', () => {
    expect([1, 2, 3, 4, 5, 8].map((failures) => retryDelayMs(failures, true))).toEqual([
      500, 1_000, 2_000, 4_000, 4_000, 4_000,
    ]);
  });

  it('doubles up to half a minute on a network that has answered nothing for a minute', () => {
    expect([1, 2, 3, 4, 5, 6, 9].map((failures) => retryDelayMs(failures, false))).toEqual([
      1_000, 2_000, 4_000, 8_000, 16_000, 30_000, 30_000,
    ]);
  });
});
