// Its own module: only the live stream's chunk loads it.
const FIRST_MS = 1_000;
const LAST_MS = 30_000;
/** However long a server asks for, a tab tries again within this. */
const CEILING_MS = 10 * 60_000;

/**
 * How long the live stream waits before opening again after its `failures`-th failure in a row (0: the first): 1 s,
 * doubling to 30 s, and never sooner than the server asked (`Retry-After`, in seconds, when it refused). `random`
 * (0 to 1) adds up to half again, so that the many tabs a server refused at one moment do not all come back at one.
 */
export function liveRetryDelayMs(failures: number, retryAfterSeconds: number | null, random: number): number {
  const backoff = Math.min(FIRST_MS * 2 ** Math.max(0, failures), LAST_MS);
  const wait = Math.max(backoff, (retryAfterSeconds ?? 0) * 1000);
  return Math.min(Math.round(wait * (1 + random / 2)), CEILING_MS);
}

/** A `Retry-After` header's seconds (the delay form; a date is read as none). */
export function retryAfterSeconds(header: string | null): number | null {
  if (header === null || !/^\d+$/.test(header.trim())) return null;
  return Number(header.trim());
}
