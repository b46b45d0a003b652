import type { AuthContext, Caller } from '../../db/signedIn';
import type { Tenancy } from '../../db/tenancy';
import { UnauthorizedError } from '../../errors';

/** A stream told what its member's session read said: renew (signed out, removed, demoted) or end (no answer). */
export interface SessionListener {
  renew(): void;
  end(): void;
}

/** The member and company as a member's streams last read them, shared by all of that session's streams. */
export interface MemberSession {
  readonly auth: AuthContext;
  /** Reads the session again, unless a read begun after event `eventId` arrived is under way or done. */
  refresh(eventId: number): Promise<void>;
  leave(): void;
}

interface Entry {
  caller: Caller;
  auth: AuthContext;
  listeners: Set<SessionListener>;
  timer: NodeJS.Timeout | null;
  /** The read queued or under way, if any. */
  reading: Promise<void> | null;
  /** The newest event id known when the latest read was asked for: that read reflects it. */
  covers: number;
}

/** Streams of one sign-in share a read: the same member, session, password version and role. */
const keyOf = (c: Caller) => [c.companyId, c.userId, c.sessionId ?? '', c.sessionVersion, c.role].join('|');

/**
 * One per process: re-reads each signed-in session that holds live streams, once however many streams it holds,
 * every `recheckMs` (each session at its own moment, so they do not all come at once) and after each event that may
 * change a member (live streams ask, `refresh`).
 */
export class SessionChecks {
  private readonly entries = new Map<string, Entry>();

  constructor(
    private readonly tenancy: Tenancy,
    private readonly recheckMs: number,
    private readonly random: () => number = Math.random,
  ) {}

  /** `auth` is the session as the stream's opening read it. */
  join(caller: Caller, auth: AuthContext, listener: SessionListener): MemberSession {
    const key = keyOf(caller);
    const found = this.entries.get(key);
    // The opening's read is the newest, unless one under way began before it: that one is left to answer.
    if (found && !found.reading) found.auth = auth;
    const joined = found ?? { caller, auth, listeners: new Set(), timer: null, reading: null, covers: 0 };
    joined.listeners.add(listener);
    if (!found) {
      this.entries.set(key, joined);
      this.schedule(joined);
    }
    return {
      get auth() {
        return joined.auth;
      },
      refresh: (eventId) => this.refresh(joined, eventId),
      leave: () => {
        joined.listeners.delete(listener);
        if (joined.listeners.size > 0 || this.entries.get(key) !== joined) return;
        if (joined.timer) clearTimeout(joined.timer);
        this.entries.delete(key);
      },
    };
  }

  /** Each session's next read comes within half a period either side of `recheckMs`: spread, not all at once. */
  private schedule(entry: Entry): void {
    if (entry.listeners.size === 0) return;
    entry.timer = setTimeout(
      () => {
        if (entry.listeners.size === 0) return;
        void (entry.reading ?? this.queueRead(entry)).then(() => this.schedule(entry));
      },
      this.recheckMs * (0.5 + this.random()),
    );
  }

  /** A read asked for after the event arrived reflects it: the session's other streams share that one. */
  private refresh(entry: Entry, eventId: number): Promise<void> {
    if (eventId <= entry.covers) return entry.reading ?? Promise.resolve();
    entry.covers = eventId;
    return this.queueRead(entry);
  }

  /** One read at a time per session: the next one begins when the one under way ends. */
  private queueRead(entry: Entry): Promise<void> {
    const read = (entry.reading ?? Promise.resolve()).then(() => this.read(entry));
    entry.reading = read;
    void read.then(() => {
      if (entry.reading === read) entry.reading = null;
    });
    return read;
  }

  private async read(entry: Entry): Promise<void> {
    try {
      entry.auth = await this.tenancy.runAs(entry.caller, async (_tx, auth) => auth);
    } catch (err) {
      // Signed out, deleted or demoted: renew. Anything else (the database busy): end; the clients resume.
      for (const listener of [...entry.listeners]) {
        if (err instanceof UnauthorizedError) listener.renew();
        else listener.end();
      }
    }
  }
}
