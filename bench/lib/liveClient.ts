/**
 * A live stream (GET /api/events) as the bench reads it: every event id in the order received, with or without data.
 * Over node:http without an agent, like test/server/sse.ts: fetch's pool keeps spare connections a server's close
 * waits on. With `reconnect`, a stream the server ends is reopened from its last id, as the browser's EventSource does.
 */
import { request, type ClientRequest, type IncomingMessage } from 'node:http';
import type { LiveEvent } from '../../src/domain/events';

export interface LiveClientOptions {
  baseUrl: string;
  token: string;
  lastEventId?: number;
  reconnect?: boolean;
  onEvent?: (event: LiveEvent, at: number) => void;
  /** Called for every id; the stream may be closed from here, and nothing after that frame is read. */
  onId?: (id: number) => void;
}

export class LiveClient {
  /** Every event id received, data or not, in order, over all of this client's connections. */
  readonly ids: number[] = [];
  withData = 0;
  idOnly = 0;
  resets = 0;
  renews = 0;
  /** Times the server ended the stream and it was reopened. */
  reconnects = 0;
  readonly problems: string[] = [];
  lastId: number | null;
  private req: ClientRequest | null = null;
  private closed = false;

  constructor(private readonly options: LiveClientOptions) {
    this.lastId = options.lastEventId ?? null;
  }

  /** Resolves once subscribed (the `retry` frame): every event committed after that comes on this stream. */
  open(): Promise<void> {
    return new Promise((subscribed, fail) => {
      const headers: Record<string, string> = { authorization: `Bearer ${this.options.token}` };
      if (this.lastId !== null) headers['last-event-id'] = String(this.lastId);
      const req = request(`${this.options.baseUrl}/api/events`, { headers, agent: false });
      this.req = req;
      let done = false;
      const end = (why: string) => {
        if (done) return;
        done = true;
        this.ended(why, fail);
      };
      req.on('error', (err) => end(`error: ${err.message}`));
      req.on('response', (res: IncomingMessage) => {
        if (res.statusCode !== 200) {
          res.resume();
          return fail(new Error(`GET /api/events answered ${res.statusCode}`));
        }
        res.setEncoding('utf8');
        let buffer = '';
        res.on('data', (chunk: string) => {
          buffer += chunk;
          let end: number;
          while (!this.closed && (end = buffer.indexOf('\n\n')) >= 0) {
            this.frame(buffer.slice(0, end), subscribed);
            buffer = buffer.slice(end + 2);
          }
        });
        res.on('end', () => end('ended by the server'));
        res.on('error', () => undefined);
      });
      req.end();
    });
  }

  close(): void {
    this.closed = true;
    this.req?.destroy();
  }

  private ended(why: string, fail: (err: Error) => void): void {
    if (this.closed) return;
    fail(new Error(why));
    if (!this.options.reconnect) return;
    this.reconnects++;
    setTimeout(() => {
      if (!this.closed) this.open().catch((err: Error) => this.problems.push(`reconnect: ${err.message}`));
    }, 100);
  }

  private frame(text: string, subscribed: () => void): void {
    const fields: Record<string, string> = {};
    for (const line of text.split('\n')) {
      if (line === '' || line.startsWith(':')) continue;
      const at = line.indexOf(': ');
      fields[line.slice(0, at)] = line.slice(at + 2);
    }
    if (fields.retry !== undefined) return subscribed();
    if (fields.event === 'renew') {
      this.renews++;
      this.problems.push('renew');
      return;
    }
    if (fields.event === 'reset') {
      this.resets++;
      this.problems.push(`reset at ${fields.id}`);
      if (fields.id !== undefined) this.lastId = Number(fields.id);
      return;
    }
    if (fields.id === undefined) return;
    const id = Number(fields.id);
    this.ids.push(id);
    this.lastId = id;
    if (fields.data !== undefined) {
      this.withData++;
      this.options.onEvent?.(JSON.parse(fields.data) as LiveEvent, performance.now());
    } else {
      this.idOnly++;
    }
    this.options.onId?.(id);
  }
}
