// Its own module: the sender loads with the offline chunk, and webpack would copy these into every page's main chunk.
/** A network that answered within this long is lossy (a street corner), not gone. */
export const LOSSY_WINDOW_MS = 60_000;

/**
 * How long the outbox waits after the `failures`-th send in a row that did not get through. A lossy network is tried
 * again within seconds; one that has answered nothing for a minute less and less often, to spare the battery.
 */
export function retryDelayMs(failures: number, answeredRecently: boolean): number {
  const [first, last] = answeredRecently ? [500, 4_000] : [1_000, 30_000];
  return Math.min(first * 2 ** Math.max(0, failures - 1), last);
}
