import { mergeCheckIn, deviceTimeAccepted, deviceTimeDiffers, OUTBOX_MAX_AGE_MS } from '../../src/domain/checkInMerge';
import type { CustomerCounts } from '../../src/domain/customerTypes';

const c = (Adults: number, Teens = 0, Children = 0): CustomerCounts => ({ Adults, Teens, Children });

describe('a check-in made on the counts the device saw', () => {
  it.each([
    ['applies a type nobody changed since', c(2), c(4), c(2), c(4), []],
    ['succeeds without change when the server already has the value', c(4), c(4), c(2), c(4), []],
    ['keeps the server’s value of a type another device changed', c(3), c(4), c(2), c(3), ['Adults']],
    ['applies the other types beside a conflict', c(3, 1, 0), c(4, 2, 1), c(2, 1, 0), c(3, 2, 1), ['Adults']],
    ['applies the new values when the device sent no base', c(3), c(1), undefined, c(1), []],
  ] as const)('%s', (_name, server, wanted, base, counts, conflicts) => {
    expect(mergeCheckIn(server, wanted, base)).toEqual({ counts, conflicts });
  });
});

describe("a device's time for its check-in", () => {
  const now = new Date('2026-06-15T10:00:00Z');
  it.each([
    ['now', 0, true],
    ['a minute ahead (clocks drift)', -60_000, true],
    ['ten minutes ahead', -600_000, false],
    ['an hour ago, from the outbox', 3_600_000, true],
    ['older than the outbox keeps', OUTBOX_MAX_AGE_MS + 1, false],
  ] as const)('%s: accepted %s', (_name, ageMs, accepted) => {
    expect(deviceTimeAccepted(new Date(now.getTime() - ageMs), now)).toBe(accepted);
  });
});

describe("whether a check-in's device time is shown beside the server's", () => {
  const received = new Date('2026-06-15T10:40:00Z');
  it.each([
    ['the same instant', 0, false],
    ['a minute earlier (the network)', 60_000, false],
    ['a minute and a second earlier', 61_000, true],
    ['38 minutes earlier, from the outbox', 38 * 60_000, true],
    ['90 seconds ahead (a fast clock)', -90_000, true],
  ] as const)('made %s: %s', (_name, earlierMs, shown) => {
    expect(deviceTimeDiffers(new Date(received.getTime() - earlierMs), received)).toBe(shown);
  });
});
