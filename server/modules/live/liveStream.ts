import type { ServerResponse } from 'node:http';
import { STREAM_RENEW, STREAM_RESET } from '../../../src/domain/events';
import type { Caller } from '../../db/signedIn';
import type { EventBatch, EventHub } from './eventHub';
import { changesMember, liveEventFor } from './liveEvent';
import type { MemberSession, SessionChecks } from './sessionChecks';

export interface LiveOptions {
  /** A comment this often keeps proxies and the browser from taking the stream for dead. */
  heartbeatMs: number;
  /** A client further behind than this many events refetches what it shows instead of replaying them. */
  replayMax: number;
  /** A client that takes nothing for this long while frames wait for it is cut; it resumes from its last id. */
  stallTimeoutMs: number;
}

/** Where the client stands when its stream opens, read with its session (live.repository.ts `logPosition`). */
export interface Opening {
  /** The id it resumes after (Last-Event-ID), or null for a fresh start. */
  lastEventId: number | null;
  /** The company's last event id then. */
  latest: number;
  /** The events after `lastEventId`, counted up to one more than `replayMax`. */
  behind: number;
}

/** A stream ended by the server's shutdown asks the client to reconnect after this, plus up to the spread. */
const SHUTDOWN_RETRY_MS = 1_000;
const SHUTDOWN_RETRY_SPREAD_MS = 2_000;

interface LiveDeps {
  hub: EventHub;
  sessions: SessionChecks;
  now: () => Date;
}

/**
 * One member's server-sent event stream: replay after their last id, then the company's events as they commit. Frames
 * are written only while the client takes them: beyond the socket's buffer the events wait as the hub's shared
 * batches, and past `replayMax` of them the client is told to refetch instead.
 */
export class LiveStream {
  private lastSent = 0;
  private replaying = true;
  /** Batches received and not yet written, and their rows. */
  private queue: EventBatch[] = [];
  private queued = 0;
  private pumping = false;
  private readonly timers: NodeJS.Timeout[] = [];
  private stall: NodeJS.Timeout | null = null;
  private drained: (() => void) | null = null;
  private stop: (() => void) | null = null;
  private session: MemberSession | null = null;
  private ended = false;

  constructor(
    private readonly res: ServerResponse,
    private readonly caller: Caller,
    private readonly deps: LiveDeps,
    private readonly options: LiveOptions,
  ) {}

  async start(session: MemberSession, opening: Opening): Promise<void> {
    this.session = session;
    this.res.on('close', () => this.end());
    this.res.on('drain', () => this.onDrain());
    // Gone while its session was read.
    if (this.res.closed) return this.end();
    const { lastRead, stop } = await this.deps.hub.subscribe(this.caller.companyId, (batch) => this.receive(batch));
    this.stop = stop;
    if (this.ended) return stop();
    const { lastEventId, latest, behind } = opening;
    // The first frame: how soon to reconnect, that every event from here on will come and, to a client that gave no
    // position, where it starts, so that a cut before its first event still resumes without a gap.
    this.write(lastEventId === null ? `id: ${lastRead}\nretry: 1000\n\n` : 'retry: 1000\n\n');
    this.lastSent = lastEventId ?? lastRead;
    // An id past the log's end (a restore, a failover, a forged header) would skip every event until the log caught
    // up with it: the client starts again from the log's end instead, as one too far behind does.
    if (lastEventId !== null && (lastEventId > latest || behind > this.options.replayMax)) {
      this.reset(Math.max(latest, lastRead));
    } else if (lastEventId !== null) {
      await this.replay(lastRead);
    }
    if (this.ended) return;
    this.replaying = false;
    void this.pump();
    this.timers.push(setInterval(() => this.heartbeat(), this.options.heartbeatMs));
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
    if (this.stall) clearTimeout(this.stall);
    this.drained?.();
    this.stop?.();
    this.session?.leave();
    // A client that is not reading would hold the socket until it read what waits: let go of it instead.
    if (this.res.writableNeedDrain) this.res.destroy();
    else if (!this.res.writableEnded) this.res.end();
  }

  /** The server is stopping: the client is told to come back soon, to this server's successor, and the stream ends. */
  shutdown(): void {
    // Spread over a few seconds, so that every open tab does not reconnect at the same moment.
    this.write(`retry: ${SHUTDOWN_RETRY_MS + Math.floor(Math.random() * SHUTDOWN_RETRY_SPREAD_MS)}\n\n`);
    this.end();
  }

  renew(): void {
    this.write(`event: ${STREAM_RENEW}\ndata: {}\n\n`);
    this.end();
  }

  /** The events after the client's last id, read once per company and id (the hub's replay queue). */
  private async replay(lastRead: number): Promise<void> {
    while (!this.ended && this.lastSent < lastRead) {
      const batch = await this.deps.hub.replay(this.caller.companyId, this.lastSent);
      if (batch.rows.length === 0) return;
      await this.send(batch);
    }
  }

  private reset(id: number): void {
    this.lastSent = id;
    this.write(`id: ${id}\nevent: ${STREAM_RESET}\ndata: {}\n\n`);
  }

  private receive(batch: EventBatch): void {
    if (this.ended) return;
    this.queue.push(batch);
    this.queued += batch.rows.length;
    if (!this.replaying) void this.pump();
  }

  /** Writes what was received, in order, one batch at a time. */
  private async pump(): Promise<void> {
    if (this.pumping) return;
    this.pumping = true;
    try {
      while (!this.ended && this.queue.length > 0) {
        if (this.queued > this.options.replayMax) {
          // Refetching is cheaper than this many events, for the client and for the server.
          const last = this.queue.at(-1)?.rows.at(-1)?.id ?? this.lastSent;
          this.queue = [];
          this.queued = 0;
          if (last > this.lastSent) this.reset(last);
          continue;
        }
        const batch = this.queue.shift() as EventBatch;
        this.queued -= batch.rows.length;
        await this.send(batch);
      }
    } catch {
      this.end();
    } finally {
      this.pumping = false;
    }
  }

  private async send(batch: EventBatch): Promise<void> {
    for (const row of batch.rows) {
      if (this.ended) return;
      if (row.id <= this.lastSent) continue;
      if (changesMember(row.kind)) await this.session?.refresh(row.id);
      if (this.ended || !this.session) return;
      const event = liveEventFor(row, batch.bookings, this.session.auth, this.deps.now());
      // An event of nothing theirs still moves the client's last id on, so a resume skips it.
      this.write(event ? `id: ${row.id}\ndata: ${JSON.stringify(event)}\n\n` : `id: ${row.id}\n\n`);
      this.lastSent = row.id;
      if (this.res.writableNeedDrain) await new Promise<void>((resolve) => (this.drained = resolve));
    }
  }

  /** Only while the client keeps up: a comment behind a full buffer would say nothing. */
  private heartbeat(): void {
    if (!this.res.writableNeedDrain) this.write(': \n\n');
  }

  private write(frame: string): void {
    if (this.ended) return;
    // Not taken at once: the client has that long to take it, or the stream ends (end() then drops what waits).
    if (!this.res.write(frame)) this.stall ??= setTimeout(() => this.end(), this.options.stallTimeoutMs);
  }

  private onDrain(): void {
    if (this.stall) clearTimeout(this.stall);
    this.stall = null;
    const resume = this.drained;
    this.drained = null;
    resume?.();
  }
}
