import { TooManyRequestsError } from '../../errors';

/**
 * Calls per name (an API key, an address) and window, counted in this process. The channel's limits are about
 * fairness and cost (a runaway channel slows itself, not the company's guides; refused calls from one address do
 * not keep the server checking keys), not about guessing secrets of 256 bits, so they need not be shared between
 * processes as the sign-in limits are: counting them in the database cost every channel call a write
 * (bench/RESULTS.md).
 */
export class CallLimit {
  private readonly windows = new Map<string, { count: number; endsAt: number }>();

  constructor(
    private readonly max: number,
    private readonly windowMs: number,
    private readonly message: string,
    private readonly now: () => number = Date.now,
  ) {}

  /** Counts a call, and refuses it past the limit (429 with the seconds until the window ends). */
  hit(name: string): void {
    const window = this.window(name);
    window.count += 1;
    if (window.count > this.max) throw this.refusal(window);
  }

  /** Counts a call without refusing it (a refused call, already answered). */
  count(name: string): void {
    this.window(name).count += 1;
  }

  /** Refuses a call once `name` has made its calls for the window, without counting it. */
  check(name: string): void {
    const window = this.windows.get(name);
    if (window && window.endsAt > this.now() && window.count >= this.max) throw this.refusal(window);
  }

  private refusal(window: { endsAt: number }) {
    return new TooManyRequestsError(this.message, 'RATE_LIMITED', Math.ceil((window.endsAt - this.now()) / 1000));
  }

  private window(name: string) {
    const now = this.now();
    let window = this.windows.get(name);
    if (!window || window.endsAt <= now) {
      if (this.windows.size > 10_000) this.sweep(now);
      window = { count: 0, endsAt: now + this.windowMs };
      this.windows.set(name, window);
    }
    return window;
  }

  private sweep(now: number) {
    for (const [name, window] of this.windows) if (window.endsAt <= now) this.windows.delete(name);
  }
}
