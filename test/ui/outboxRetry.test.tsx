import type { UnknownAction } from '@reduxjs/toolkit';
import { OutboxSync, type OutboxHost } from '../../src/features/slot/outbox/outboxSync';
import * as sending from '../../src/features/slot/outbox/sendEntry';
import type { SendOutcome } from '../../src/features/slot/outbox/sendEntry';
import { entryRemoved, type OutboxState } from '../../src/services/offline/outboxSlice';
import { waitingEntry } from './fixtures';

// The sender's answers are scripted; the device keeps no copy here (jsdom has no IndexedDB), so the store's is used.
const send = jest.spyOn(sending, 'sendEntry');

const LOST: SendOutcome = { kind: 'retry', answered: false };
const BUSY: SendOutcome = { kind: 'retry', answered: true };
const SENT: SendOutcome = { kind: 'sent' };

/**
 * A sender over five waiting check-ins whose sends answer `outcomes` in turn, then are lost; `sentAt(ms)` runs the
 * clock `ms` on and gives the times (ms from the start) at which it sent.
 */
function start(outcomes: SendOutcome[]) {
  const outbox: OutboxState = {
    entries: [1, 2, 3, 4, 5].map((seq) => waitingEntry(seq)),
    online: true,
    syncing: false,
    unsaved: [],
    sent: 0,
  };
  const host: OutboxHost = {
    dispatch: ((action: UnknownAction) => {
      if (entryRemoved.match(action)) outbox.entries = outbox.entries.filter((e) => e.id !== action.payload);
      return action;
    }) as OutboxHost['dispatch'],
    getState: () => ({ auth: { user: { _id: 'u1' } }, outbox }),
  };
  const times: number[] = [];
  send.mockImplementation(async () => {
    times.push(Date.now());
    return outcomes.shift() ?? LOST;
  });
  const sync = new OutboxSync(host, 'u1');
  const sentAt = async (ms: number) => {
    await jest.advanceTimersByTimeAsync(ms);
    return times;
  };
  return { sync, sentAt };
}

describe('when the outbox tries again', () => {
  let sender: ReturnType<typeof start> | undefined;
  beforeEach(() => jest.useFakeTimers({ now: 0 }));
  afterEach(() => {
    sender?.sync.stop();
    send.mockReset();
    jest.useRealTimers();
  });

  it('tries a lossy network (one that answered lately) again within half a second, then 1, 2, 4 s at most', async () => {
    sender = start([SENT, LOST]);
    expect(await sender.sentAt(12_000)).toEqual([0, 0, 500, 1_500, 3_500, 7_500, 11_500]);
  });

  it('waits longer for a server that refuses for now, however recently it answered', async () => {
    sender = start([SENT, BUSY, BUSY]);
    expect(await sender.sentAt(4_000)).toEqual([0, 0, 1_000, 3_000]);
  });

  it('doubles its wait up to half a minute on a network that has not answered for a minute', async () => {
    sender = start([]);
    expect(await sender.sentAt(100_000)).toEqual([0, 1_000, 3_000, 7_000, 15_000, 31_000, 61_000, 91_000]);
  });
});
