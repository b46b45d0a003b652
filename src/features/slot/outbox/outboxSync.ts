import { byOrder, type OutboxEntry } from '../../../domain/outbox';
import { LOSSY_WINDOW_MS, retryDelayMs } from '../../../domain/outboxRetry';
import { deleteEntry, entriesOf, putEntry } from '../../../services/offline/outboxStore';
import {
  entryRemoved,
  entrySaved,
  entryStored,
  outboxLoaded,
  syncChanged,
  waitingSent,
  type OutboxState,
} from '../../../services/offline/outboxSlice';
import { sendEntry, type Dispatch } from './sendEntry';

export interface OutboxHost {
  dispatch: Dispatch;
  getState: () => { auth: { user: { _id: string } | null }; outbox: OutboxState };
}

// Tabs of one browser tell each other the outbox changed; each reads the device's copy again.
const CHANNEL = 'tourdesk-outbox';

/** One tab sends at a time (Web Locks); where the browser has none, this tab is the only one that matters. */
const withLock = (name: string, task: () => Promise<void>): Promise<void> =>
  typeof navigator !== 'undefined' && navigator.locks ? navigator.locks.request(name, task) : task();

/**
 * Sends a member's outbox: on start, when the browser is back online, when the page shows again and on a backoff
 * timer (a device can say it is online with no route to the server). Entries go in order, and a booking with a
 * conflict holds its later ones until the guide chooses. The device's copy (IndexedDB) is the truth: a reload or
 * another tab carries on where this one stopped; without IndexedDB the entries live as long as the tab.
 */
export class OutboxSync {
  private running = false;
  private again = false;
  private stopped = false;
  /** Sends in a row that did not get through, and when the server last answered one. */
  private failures = 0;
  private answeredAt = Number.NEGATIVE_INFINITY;
  /** Check-ins sent since some had to wait (no network, a reload): said in the header once all are through. */
  private backlog: number | null = null;
  private timer: ReturnType<typeof setTimeout> | undefined;
  private readonly unsaved = new Map<string, OutboxEntry>();
  private readonly channel = typeof BroadcastChannel === 'function' ? new BroadcastChannel(CHANNEL) : null;
  private readonly cleanups: Array<() => void> = [];

  constructor(
    readonly host: OutboxHost,
    readonly userId: string,
  ) {
    const onOnline = () => this.flush();
    const onOffline = () => {
      this.backlog ??= 0;
      host.dispatch(syncChanged({ online: false }));
    };
    const onVisible = () => document.visibilityState === 'visible' && this.flush();
    window.addEventListener('online', onOnline);
    window.addEventListener('offline', onOffline);
    document.addEventListener('visibilitychange', onVisible);
    this.cleanups.push(() => {
      window.removeEventListener('online', onOnline);
      window.removeEventListener('offline', onOffline);
      document.removeEventListener('visibilitychange', onVisible);
    });
    if (this.channel) this.channel.onmessage = () => void this.reload();
    void this.reload().then(() => this.flush());
  }

  /** Resolves once the entry is on the device (or, without IndexedDB, in this tab), then sends it. */
  async keep(entry: OutboxEntry, replacing?: string): Promise<void> {
    this.unsaved.set(entry.id, entry);
    try {
      await putEntry(entry);
      if (replacing) await deleteEntry(replacing);
    } catch {
      // No IndexedDB (private mode, a full disk): the entry stays in this tab's memory and is still sent.
    }
    this.unsaved.delete(entry.id);
    this.host.dispatch(entryStored(entry.id));
    this.announce();
    this.flush();
  }

  /** The guide settled a conflict or read a refusal: the entry goes, and the booking's later ones may go out. */
  async drop(id: string): Promise<void> {
    await deleteEntry(id).catch(() => undefined);
    this.announce();
    this.flush();
  }

  flush(): void {
    if (this.stopped) return;
    if (this.running) {
      this.again = true;
      return;
    }
    void this.run();
  }

  stop(): void {
    this.stopped = true;
    clearTimeout(this.timer);
    this.channel?.close();
    for (const cleanup of this.cleanups) cleanup();
  }

  private async run(): Promise<void> {
    this.running = true;
    clearTimeout(this.timer);
    let offline = false;
    let refused = false;
    let progressed = false;
    try {
      await withLock(`${CHANNEL}|${this.userId}`, async () => {
        do {
          this.again = false;
          const run = await this.sendAll();
          offline = run.offline;
          refused = run.refused === true;
          progressed ||= run.sent > 0;
        } while (this.again && !offline && !this.stopped);
      });
    } finally {
      this.running = false;
    }
    if (this.stopped) return;
    // Whether the network is there is said by every call's answer (the base query), not by a run with nothing to send.
    this.host.dispatch(syncChanged({ syncing: false }));
    if (offline) this.backlog ??= 0;
    else this.reportBacklog();
    if (offline) {
      this.failures = progressed ? 1 : this.failures + 1;
      // A server refusing for now (busy, rate-limited) is left alone longer, however recently it answered.
      const lossy = !refused && Date.now() - this.answeredAt < LOSSY_WINDOW_MS;
      this.timer = setTimeout(() => this.flush(), retryDelayMs(this.failures, lossy));
    } else {
      this.failures = 0;
    }
  }

  /**
   * How many went through, and whether the last try failed (the rest waits for the next one): lost on the way, or
   * `refused` for now by the server itself.
   */
  private async sendAll(): Promise<{ offline: boolean; sent: number; refused?: boolean }> {
    const held = new Set<string>();
    let sent = 0;
    for (const entry of await this.entries()) {
      if (this.stopped || this.host.getState().auth.user?._id !== this.userId) return { offline: false, sent };
      if (entry.state === 'conflict') held.add(entry.bookingId);
      if (entry.state !== 'waiting' || held.has(entry.bookingId)) continue;
      this.host.dispatch(syncChanged({ syncing: true }));
      const outcome = await sendEntry(this.host.dispatch, entry);
      if (outcome.kind === 'retry') return { offline: true, sent, refused: outcome.answered };
      sent += 1;
      this.answeredAt = Date.now();
      if (outcome.kind === 'sent') {
        if (this.backlog !== null) this.backlog += 1;
        await deleteEntry(entry.id).catch(() => undefined);
        this.host.dispatch(entryRemoved(entry.id));
      } else {
        const settled: OutboxEntry =
          outcome.kind === 'conflict'
            ? { ...entry, state: 'conflict', conflict: outcome.conflict }
            : { ...entry, state: 'refused', refusal: outcome.message };
        if (outcome.kind === 'conflict') held.add(entry.bookingId);
        await putEntry(settled).catch(() => undefined);
        this.host.dispatch(entrySaved(settled));
      }
      this.announce();
    }
    return { offline: false, sent };
  }

  /** All that waited is through: the header says how many went. */
  private reportBacklog(): void {
    const waiting = this.host.getState().outbox.entries.some((entry) => entry.state === 'waiting');
    if (this.backlog === null || waiting) return;
    if (this.backlog > 0) this.host.dispatch(waitingSent(this.backlog));
    this.backlog = null;
  }

  /** What is still to send: the device's copy (another tab may have sent some), or this tab's without IndexedDB. */
  private async entries(): Promise<OutboxEntry[]> {
    try {
      return this.withUnsaved(await entriesOf(this.userId));
    } catch {
      return [...this.host.getState().outbox.entries];
    }
  }

  private async reload(): Promise<void> {
    try {
      const stored = await entriesOf(this.userId);
      // Kept from before a reload (or by another tab): these had to wait.
      if (stored.some((entry) => entry.state === 'waiting')) this.backlog ??= 0;
      if (!this.stopped) this.host.dispatch(outboxLoaded(this.withUnsaved(stored)));
    } catch {
      // No IndexedDB: this tab's entries are all there is.
    }
  }

  private withUnsaved(stored: OutboxEntry[]): OutboxEntry[] {
    const byId = new Map(stored.map((entry) => [entry.id, entry]));
    for (const entry of this.unsaved.values()) byId.set(entry.id, entry);
    return [...byId.values()].sort(byOrder);
  }

  private announce(): void {
    this.channel?.postMessage('changed');
  }
}

let current: OutboxSync | null = null;

/** The signed-in member's outbox sender, started on first use; a new member or store gets a new one. */
export function outboxSync(host: OutboxHost): OutboxSync | null {
  const userId = host.getState().auth.user?._id;
  if (current && (current.userId !== userId || current.host.dispatch !== host.dispatch)) stopOutbox();
  if (!userId) return null;
  current ??= new OutboxSync(host, userId);
  return current;
}

export function stopOutbox(): void {
  current?.stop();
  current = null;
}
