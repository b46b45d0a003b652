/**
 * What an attacker on the live stream does, and what another company feels meanwhile: many GET /api/events opened at
 * once (reading, or never reading), and one company's own calls timed one after another.
 */
import { request, type ClientRequest, type IncomingMessage } from 'node:http';
import { percentile } from './liveLatency';

export interface OpenedStream {
  /** HTTP status, or 0 when the connection failed. */
  status: number;
  /** ms from the request to the answer's headers. */
  answeredMs: number;
  /** ms from the request to its first `reset` frame or first event (reading streams only), else null. */
  caughtUpMs: number | null;
  resets: number;
  events: number;
  /** The server ended or cut the connection. */
  cut: boolean;
  close(): void;
}

export interface OpenOptions {
  lastEventId?: number;
  /** false: the stream is paused at once and never read, as a stalled or hostile client does. */
  read: boolean;
}

function openOne(baseUrl: string, token: string, options: OpenOptions): Promise<OpenedStream> {
  const started = performance.now();
  const headers: Record<string, string> = { authorization: `Bearer ${token}` };
  if (options.lastEventId !== undefined) headers['last-event-id'] = String(options.lastEventId);
  return new Promise((answered) => {
    const req: ClientRequest = request(`${baseUrl}/api/events`, { headers, agent: false });
    const stream: OpenedStream = {
      status: 0,
      answeredMs: 0,
      caughtUpMs: null,
      resets: 0,
      events: 0,
      cut: false,
      close: () => req.destroy(),
    };
    req.on('error', () => {
      stream.cut = true;
      stream.answeredMs ||= performance.now() - started;
      answered(stream);
    });
    req.on('response', (res: IncomingMessage) => {
      stream.status = res.statusCode ?? 0;
      stream.answeredMs = performance.now() - started;
      res.socket.on('close', () => (stream.cut = true));
      if (stream.status !== 200 || !options.read) {
        if (stream.status === 200) res.pause();
        else res.resume();
        return answered(stream);
      }
      answered(stream);
      let buffer = '';
      res.setEncoding('utf8');
      res.on('data', (chunk: string) => {
        buffer += chunk;
        let end: number;
        while ((end = buffer.indexOf('\n\n')) >= 0) {
          const frame = buffer.slice(0, end);
          buffer = buffer.slice(end + 2);
          const reset = frame.includes('event: reset');
          if (reset) stream.resets++;
          else if (frame.includes('data: ')) stream.events++;
          if ((reset || frame.includes('data: ')) && stream.caughtUpMs === null) {
            stream.caughtUpMs = performance.now() - started;
          }
        }
      });
      res.on('error', () => undefined);
    });
    req.end();
  });
}

/** `count` streams of one member, all requested at the same moment. */
export function openAtOnce(baseUrl: string, token: string, count: number, options: OpenOptions) {
  return Promise.all(Array.from({ length: count }, () => openOne(baseUrl, token, options)));
}

export const statusCounts = (streams: OpenedStream[]): string => {
  const counts = new Map<number, number>();
  for (const s of streams) counts.set(s.status, (counts.get(s.status) ?? 0) + 1);
  return [...counts]
    .sort(([a], [b]) => a - b)
    .map(([status, n]) => `${n} × ${status || 'failed'}`)
    .join(', ');
};

interface Call {
  /** performance.now() when it was sent. */
  at: number;
  ms: number;
  status: number;
}

export interface CallSummary {
  calls: number;
  p50: number;
  p95: number;
  max: number;
  /** Calls that took a second or more. */
  slow: number;
  failed: number;
}

/** One GET at a time, every `pauseMs` after the last answer: another company's Manager using the app. */
export class CallProbe {
  readonly calls: Call[] = [];
  private running = true;
  private readonly loop: Promise<void>;

  constructor(
    private readonly url: string,
    private readonly token: string,
    pauseMs = 100,
  ) {
    this.loop = (async () => {
      while (this.running) {
        this.calls.push(await this.call());
        await new Promise((ok) => setTimeout(ok, pauseMs));
      }
    })();
  }

  /** The calls sent from `from` on (performance.now()), up to `to`; one still out then counts by its time so far. */
  summary(from: number, to = performance.now()): CallSummary {
    const inside = this.calls.filter((c) => c.at >= from && c.at < to);
    const ms = inside.map((c) => c.ms).sort((a, b) => a - b);
    const round = (value: number) => Math.round(value);
    return {
      calls: inside.length,
      p50: round(percentile(ms, 50)),
      p95: round(percentile(ms, 95)),
      max: round(ms.at(-1) ?? 0),
      slow: ms.filter((v) => v >= 1000).length,
      failed: inside.filter((c) => c.status !== 200).length,
    };
  }

  async stop(): Promise<void> {
    this.running = false;
    await this.loop;
  }

  private call(): Promise<Call> {
    const at = performance.now();
    return new Promise((done) => {
      const req = request(this.url, { headers: { authorization: `Bearer ${this.token}` }, agent: false });
      req.on('error', () => done({ at, ms: performance.now() - at, status: 0 }));
      req.on('response', (res) => {
        res.resume();
        res.on('end', () => done({ at, ms: performance.now() - at, status: res.statusCode ?? 0 }));
      });
      req.end();
    });
  }
}
