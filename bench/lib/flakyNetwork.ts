/**
 * A device's network for bench/outbox.ts, installed as its `fetch`: check-in requests (PATCH) are dropped at a rate,
 * half before they leave (the server never sees them), half after the server answered (it committed, the device
 * never learns it); offline, every request fails; a reload ends the page, and requests it had in flight are finished
 * by the server but never read. Failures are TypeErrors, as the browser's fetch gives on a network error.
 */
import type { NetworkCounts } from './outboxPlan';
import { refreshCookieOf } from './sessions';

const networkError = () => new TypeError('Failed to fetch');

export class FlakyNetwork {
  offline = false;
  readonly counts: NetworkCounts = {
    attempts: 0,
    dropsBefore: 0,
    dropsAfter: 0,
    offline: 0,
    cutByReload: 0,
    answers: {},
    maxTries: 0,
  };
  private readonly tries = new Map<string, number>();
  private endPage: () => void = () => undefined;
  private pageEnded = this.newPage();

  constructor(
    private readonly rng: () => number,
    private readonly dropRate: number,
    private refreshCookie: string,
    private readonly realFetch: typeof fetch = globalThis.fetch,
  ) {}

  /** A request under this operation id has left the app (whatever became of it). */
  tried(key: string): boolean {
    return this.tries.has(key);
  }

  /** The page reloads: what it still waits for is lost to it. */
  reload(): void {
    this.endPage();
    this.pageEnded = this.newPage();
  }

  readonly fetch = async (input: RequestInfo | URL, init?: RequestInit): Promise<Response> => {
    let request = new Request(input, init);
    const checkIn = request.method === 'PATCH';
    if (checkIn) this.countTry(request.headers.get('idempotency-key') ?? '');
    if (this.offline) {
      if (checkIn) this.counts.offline++;
      throw networkError();
    }
    const draw = checkIn ? this.rng() : 1;
    if (draw < this.dropRate / 2) {
      this.counts.dropsBefore++;
      throw networkError();
    }
    // The browser sends the session cookie with a token renewal; Node's fetch keeps no cookies.
    if (new URL(request.url).pathname === '/auth/refresh') {
      request = new Request(request, { headers: { ...Object.fromEntries(request.headers), cookie: this.cookie() } });
    }
    const answered = this.realFetch(request).then(async (res) => ({ res, body: await res.arrayBuffer() }));
    answered.catch(() => undefined);
    let read = false;
    const gone = this.pageEnded.then(() => {
      if (checkIn && !read) this.counts.cutByReload++;
      throw networkError();
    });
    gone.catch(() => undefined);
    const { res, body } = await Promise.race([answered, gone]).finally(() => (read = true));
    if (draw < this.dropRate) {
      this.counts.dropsAfter++;
      throw networkError();
    }
    const renewed = refreshCookieOf(res.headers.getSetCookie());
    if (renewed) this.refreshCookie = renewed;
    if (checkIn) this.countAnswer(res.status, body);
    return new Response(res.status === 204 ? null : body, { status: res.status, headers: res.headers });
  };

  private cookie(): string {
    return `tourdesk_refresh=${this.refreshCookie}`;
  }

  private newPage(): Promise<void> {
    return new Promise<void>((ok) => (this.endPage = ok));
  }

  private countTry(key: string): void {
    const tries = (this.tries.get(key) ?? 0) + 1;
    this.tries.set(key, tries);
    this.counts.attempts++;
    this.counts.maxTries = Math.max(this.counts.maxTries, tries);
  }

  private countAnswer(status: number, body: ArrayBuffer): void {
    let label = String(status);
    if (status >= 400) {
      try {
        label += ` ${(JSON.parse(new TextDecoder().decode(body)) as { code?: string }).code ?? ''}`;
      } catch {
        // Not JSON: the status says enough.
      }
    }
    this.counts.answers[label] = (this.counts.answers[label] ?? 0) + 1;
  }
}
