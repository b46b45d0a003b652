import { TooManyRequestsError } from '../../errors';

/**
 * Calls per API key and window, counted in this process. A channel's limit is about fairness (a runaway channel
 * slows itself, not the company's guides), not about guessing secrets, so it need not be shared between processes
 * as the sign-in limits are: counting it in the database cost every channel call a write (bench/RESULTS.md).
 */
export class KeyRateLimit {
  private readonly windows = new Map<string, { count: number; endsAt: number }>();

  constructor(
    private readonly max: number,
    private readonly windowMs: number,
    private readonly now: () => number = Date.now,
  ) {}

  /** Counts a call of the key, or throws 429 with the seconds until its window ends. */
  hit(keyId: string): void {
    const now = this.now();
    let window = this.windows.get(keyId);
    if (!window || window.endsAt <= now) {
      if (this.windows.size > 10_000) this.sweep(now);
      window = { count: 0, endsAt: now + this.windowMs };
      this.windows.set(keyId, window);
    }
    window.count += 1;
    if (window.count > this.max) {
      const retryAfter = Math.ceil((window.endsAt - now) / 1000);
      throw new TooManyRequestsError('Too many calls with this API key, please slow down', 'RATE_LIMITED', retryAfter);
    }
  }

  private sweep(now: number) {
    for (const [key, window] of this.windows) if (window.endsAt <= now) this.windows.delete(key);
  }
}
