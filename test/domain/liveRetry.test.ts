import { liveRetryDelayMs, retryAfterSeconds } from '../../src/domain/liveRetry';

describe('how long the live stream waits before it opens again', () => {
  it.each([
    [0, null, 0, 1_000],
    [1, null, 0, 2_000],
    [4, null, 0, 16_000],
    [5, null, 0, 30_000],
    [12, null, 0, 30_000],
    [0, 30, 0, 30_000],
    [6, 20, 0, 30_000],
    [0, 90, 0, 90_000],
    [0, 3_600, 0, 600_000],
    [0, null, 1, 1_500],
    [0, 30, 0.5, 37_500],
    [5, null, 1, 45_000],
  ])('after failure %d with Retry-After %p and a draw of %p: %d ms', (failures, retryAfter, random, expected) => {
    expect(liveRetryDelayMs(failures, retryAfter, random)).toBe(expected);
  });
});

describe('a Retry-After header', () => {
  it.each([
    ['30', 30],
    [' 5 ', 5],
    ['0', 0],
    [null, null],
    ['', null],
    ['-3', null],
    ['1.5', null],
    ['Wed, 21 Oct 2026 07:28:00 GMT', null],
  ])('%p gives %p seconds', (header, expected) => {
    expect(retryAfterSeconds(header)).toBe(expected);
  });
});
