// Only the clock is faked: msw, RTK Query, the grid and user-event keep real timers.
const REAL_TIMERS = [
  'hrtime',
  'nextTick',
  'performance',
  'queueMicrotask',
  'requestAnimationFrame',
  'cancelAnimationFrame',
  'requestIdleCallback',
  'cancelIdleCallback',
  'setImmediate',
  'clearImmediate',
  'setInterval',
  'clearInterval',
  'setTimeout',
  'clearTimeout',
] as FakeTimersConfig['doNotFake'];

/** Pins "now" for every test of the file (dates shown and defaulted depend on it), restoring it after each. */
export function pinClockAt(iso: string): void {
  beforeEach(() => {
    jest.useFakeTimers({ now: new Date(iso), doNotFake: REAL_TIMERS });
  });
  afterEach(() => {
    jest.useRealTimers();
    jest.restoreAllMocks();
  });
}
