import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client';

/** The channel every process's hub listens on (modules/live): its payload is a company id. */
export const EVENTS_CHANNEL = 'tourdesk_events';

/** How long commits are gathered into one NOTIFY: far under what a person notices on another screen. */
const WINDOW_MS = 20;

/**
 * Tells every process's hub (LISTEN on EVENTS_CHANNEL) that a company has new events, after their transactions
 * committed (Tenancy calls `notify` after each commit that `recordEvents` marked): once per company per short window
 * however many commits there were, in one statement outside any transaction (a busy office's check-ins then cost one
 * NOTIFY, not one each). The payload is the company id; the hubs read the rows from the log.
 */
export class EventNotifier {
  private readonly pending = new Set<string>();
  private scheduled = false;

  constructor(
    private readonly db: Db,
    private readonly onError: (err: unknown) => void,
  ) {}

  notify = (companyId: string): void => {
    this.pending.add(companyId);
    if (this.scheduled) return;
    this.scheduled = true;
    setTimeout(() => void this.flush(), WINDOW_MS);
  };

  private async flush(): Promise<void> {
    const companies = [...this.pending];
    this.pending.clear();
    this.scheduled = false;
    // A lost notice delays a stream until the company's next event or the stream's reconnect, which read the log.
    await this.db
      .execute(
        sql`select pg_notify(${EVENTS_CHANNEL}, company) from unnest(${`{${companies.join(',')}}`}::text[]) as company`,
      )
      .catch(this.onError);
  }
}
