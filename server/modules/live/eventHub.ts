import type { Database } from '../../db/client';
import type { Tenancy } from '../../db/tenancy';
import { findBookings, type BookingRow } from '../bookings/bookings.repository';
import type { EventRow } from '../eventLog/eventLog.repository';
import { EVENTS_CHANNEL } from '../eventLog/eventNotifier';
import { eventsAfter, latestEventId } from './live.repository';

/** Rows read per query when a company's stream catches up. */
export const EVENT_BATCH = 500;

/** The events read since the last batch, with the bookings they name as they are now. */
export interface EventBatch {
  rows: EventRow[];
  bookings: Map<string, BookingRow>;
}

type Subscriber = (batch: EventBatch) => void;

/** Whether the hub hears of new events: it starts listening with the first stream, and may lose its connection. */
export type ListenState = 'not started' | 'connected' | 'lost';

interface Channel {
  subscribers: Set<Subscriber>;
  /** The last id read for this company: every later event is read once and handed to each subscriber. */
  lastRead: number;
  reading: Promise<void> | null;
  readAgain: boolean;
}

/** A company's replays waiting or under way: each afterId's read, and the last one queued. */
interface ReplayQueue {
  reads: Map<number, Promise<EventBatch>>;
  tail: Promise<unknown>;
}

/**
 * One per process: listens for the companies with new events (NOTIFY, sent after their commits by eventNotifier.ts),
 * reads each company's new rows once, and hands them to that company's live streams. Listening starts with the first stream.
 */
export class EventHub {
  private readonly channels = new Map<string, Channel>();
  private readonly replays = new Map<string, ReplayQueue>();
  private listening: Promise<() => Promise<void>> | null = null;
  private connected = false;

  constructor(
    private readonly database: Pick<Database, 'listen'>,
    private readonly tenancy: Tenancy,
  ) {}

  /** Reads the batch of a company's events after `afterId` (a stream's replay uses it too). */
  read(companyId: string, afterId: number): Promise<EventBatch> {
    return this.tenancy.run(companyId, async (tx) => {
      const rows = await eventsAfter(tx, companyId, afterId, EVENT_BATCH);
      const ids = [...new Set(rows.flatMap((row) => row.bookingIds))];
      const bookings = ids.length > 0 ? await findBookings(tx, companyId, ids) : [];
      return { rows, bookings: new Map(bookings.map((b) => [b.id, b])) };
    });
  }

  /**
   * A stream's catch-up read: one company's replays read one at a time, so that many streams opening at once share
   * the database with every other company rather than queue ahead of it, and replays from the same id share a read.
   */
  replay(companyId: string, afterId: number): Promise<EventBatch> {
    let queue = this.replays.get(companyId);
    if (!queue) {
      queue = { reads: new Map(), tail: Promise.resolve() };
      this.replays.set(companyId, queue);
    }
    const same = queue.reads.get(afterId);
    if (same) return same;
    const joined = queue;
    const read = joined.tail.then(() => this.read(companyId, afterId));
    joined.reads.set(afterId, read);
    joined.tail = read.catch(() => undefined);
    void joined.tail.then(() => {
      joined.reads.delete(afterId);
      if (joined.reads.size === 0 && this.replays.get(companyId) === joined) this.replays.delete(companyId);
    });
    return read;
  }

  /** From now on `subscriber` gets every new event of the company; answers the last id read before it joined. */
  async subscribe(companyId: string, subscriber: Subscriber): Promise<{ lastRead: number; stop: () => void }> {
    await this.startListening();
    let channel = this.channels.get(companyId);
    if (!channel) {
      const created: Channel = { subscribers: new Set(), lastRead: 0, reading: null, readAgain: false };
      this.channels.set(companyId, created);
      created.reading = this.tenancy
        .run(companyId, (tx) => latestEventId(tx, companyId))
        .then(
          (id) => {
            created.lastRead = id;
            this.afterRead(companyId, created);
          },
          (err: unknown) => {
            // Nobody may be handed events from id 0: the next stream starts the channel afresh.
            this.channels.delete(companyId);
            throw err;
          },
        );
      channel = created;
    }
    // Added before the first read ends, so the channel stays; batches may arrive before this resolves.
    channel.subscribers.add(subscriber);
    try {
      await channel.reading;
    } catch (err) {
      channel.subscribers.delete(subscriber);
      throw err;
    }
    const joined = channel;
    return {
      lastRead: joined.lastRead,
      stop: () => {
        joined.subscribers.delete(subscriber);
        if (joined.subscribers.size === 0 && !joined.reading) this.channels.delete(companyId);
      },
    };
  }

  /** The payload is a company id (eventNotifier.ts): read its events after the last one read. */
  onNotify = (companyId: string): void => {
    const channel = this.channels.get(companyId);
    if (channel) this.readNew(companyId, channel);
  };

  onReconnect = (): void => {
    this.connected = true;
    for (const [companyId, channel] of this.channels) this.readNew(companyId, channel);
  };

  onLost = (): void => {
    this.connected = false;
  };

  listenState(): ListenState {
    if (!this.listening) return 'not started';
    return this.connected ? 'connected' : 'lost';
  }

  async close(): Promise<void> {
    const stop = await this.listening?.catch(() => null);
    this.listening = null;
    await stop?.();
  }

  private startListening(): Promise<unknown> {
    this.listening ??= this.database.listen(EVENTS_CHANNEL, this).then((stop) => {
      this.connected = true;
      return stop;
    });
    return this.listening.catch((err: unknown) => {
      this.listening = null;
      throw err;
    });
  }

  /** One read at a time per company; a notice during a read asks for another after it. */
  private readNew(companyId: string, channel: Channel): void {
    if (channel.reading) {
      channel.readAgain = true;
      return;
    }
    channel.reading = (async () => {
      for (;;) {
        const batch = await this.read(companyId, channel.lastRead);
        const last = batch.rows.at(-1);
        if (!last) return;
        channel.lastRead = last.id;
        for (const subscriber of channel.subscribers) subscriber(batch);
        if (batch.rows.length < EVENT_BATCH) return;
      }
    })()
      .catch(() => undefined) // the next notice or reconnect reads again from lastRead
      .finally(() => this.afterRead(companyId, channel));
  }

  private afterRead(companyId: string, channel: Channel): void {
    channel.reading = null;
    if (channel.readAgain) {
      channel.readAgain = false;
      this.readNew(companyId, channel);
    } else if (channel.subscribers.size === 0) {
      this.channels.delete(companyId);
    }
  }
}
