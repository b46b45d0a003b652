import type { ServerResponse } from 'node:http';
import { STREAM_RENEW, STREAM_RESET } from '../../../src/domain/events';
import type { AuthContext, Caller } from '../../db/signedIn';
import type { Tenancy } from '../../db/tenancy';
import { UnauthorizedError } from '../../errors';
import { EVENT_BATCH, type EventBatch, type EventHub } from './eventHub';
import { changesMember, liveEventFor } from './liveEvent';

export interface LiveOptions {
  /** A comment this often keeps proxies and the browser from taking the stream for dead. */
  heartbeatMs: number;
  /** The member's session is read again this often: signed out or deleted, the stream ends. */
  recheckMs: number;
  /** A client further behind than this many events refetches instead of replaying. */
  replayMax: number;
  /** A client that reads slower than this many bytes behind is cut; it resumes from its last id. */
  maxBufferedBytes: number;
}

interface LiveDeps {
  hub: EventHub;
  tenancy: Tenancy;
  now: () => Date;
}

/** One member's server-sent event stream: replay after their last id, then the company's events as they commit. */
export class LiveStream {
  private lastSent = 0;
  private replaying = true;
  private readonly pending: EventBatch[] = [];
  private work: Promise<void> = Promise.resolve();
  private readonly timers: NodeJS.Timeout[] = [];
  private stop: (() => void) | null = null;
  private ended = false;

  constructor(
    private readonly res: ServerResponse,
    private readonly caller: Caller,
    private auth: AuthContext,
    private readonly deps: LiveDeps,
    private readonly options: LiveOptions,
  ) {}

  async start(lastEventId: number | null): Promise<void> {
    this.res.on('close', () => this.end());
    const { lastRead, stop } = await this.deps.hub.subscribe(this.caller.companyId, (batch) => this.receive(batch));
    this.stop = stop;
    if (this.ended) return stop();
    // The first frame: how soon to reconnect, that every event from here on will come and, to a client that gave no
    // position, where it starts, so that a cut before its first event still resumes without a gap.
    this.write(lastEventId === null ? `id: ${lastRead}\nretry: 1000\n\n` : 'retry: 1000\n\n');
    this.lastSent = lastEventId ?? lastRead;
    if (lastEventId !== null) await this.replay(lastEventId, lastRead);
    this.replaying = false;
    for (const batch of this.pending.splice(0)) this.receive(batch);
    this.timers.push(setInterval(() => this.write(': \n\n'), this.options.heartbeatMs));
    this.timers.push(setInterval(() => this.enqueue(() => this.recheck()), this.options.recheckMs));
    // Tokens are verified on the real clock, whatever `now` the rules are judged at.
    const untilExpiry = (this.caller.expiresAt ?? Infinity) - Date.now();
    if (Number.isFinite(untilExpiry)) {
      this.timers.push(setTimeout(() => this.renew(), Math.max(0, Math.min(untilExpiry, 2 ** 31 - 1))));
    }
  }

  end(): void {
    if (this.ended) return;
    this.ended = true;
    for (const timer of this.timers) clearTimeout(timer);
    this.stop?.();
    if (!this.res.writableEnded) this.res.end();
  }

  /** The events after the client's last id, unless there are too many (or the id is unknown): then refetch. */
  private async replay(from: number, lastRead: number): Promise<void> {
    if (from > lastRead) return this.reset(lastRead);
    let replayed = 0;
    for (;;) {
      const batch = await this.deps.hub.read(this.caller.companyId, this.lastSent);
      replayed += batch.rows.length;
      if (replayed > this.options.replayMax) return this.reset(lastRead);
      await this.send(batch);
      if (batch.rows.length < EVENT_BATCH) return;
    }
  }

  private reset(id: number): void {
    this.lastSent = Math.max(id, this.lastSent);
    this.write(`id: ${this.lastSent}\nevent: ${STREAM_RESET}\ndata: {}\n\n`);
  }

  private receive(batch: EventBatch): void {
    if (this.replaying) this.pending.push(batch);
    else this.enqueue(() => this.send(batch));
  }

  private enqueue(task: () => Promise<void>): void {
    this.work = this.work.then(task).catch(() => this.end());
  }

  private async send(batch: EventBatch): Promise<void> {
    for (const row of batch.rows) {
      if (this.ended || row.id <= this.lastSent) continue;
      if (changesMember(row.kind)) await this.recheck();
      if (this.ended) return;
      const event = liveEventFor(row, batch.bookings, this.auth, this.deps.now());
      // An event of nothing theirs still moves the client's last id on, so a resume skips it.
      this.write(event ? `id: ${row.id}\ndata: ${JSON.stringify(event)}\n\n` : `id: ${row.id}\n\n`);
      this.lastSent = row.id;
    }
  }

  /** The member and company as they are now; a session that ended asks the client to renew and ends the stream. */
  private async recheck(): Promise<void> {
    try {
      this.auth = await this.deps.tenancy.runAs(this.caller, async (_tx, auth) => auth);
    } catch (err) {
      // Signed out, deleted or demoted: renew. Anything else (the database busy): end, the client resumes.
      if (err instanceof UnauthorizedError) this.renew();
      else this.end();
    }
  }

  private renew(): void {
    this.write(`event: ${STREAM_RENEW}\ndata: {}\n\n`);
    this.end();
  }

  private write(frame: string): void {
    if (this.ended) return;
    this.res.write(frame);
    if (this.res.writableLength > this.options.maxBufferedBytes) this.end();
  }
}
