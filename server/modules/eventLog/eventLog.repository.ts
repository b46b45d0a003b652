import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import type { events } from '../../db/schema';

export type NewEvent = Omit<typeof events.$inferInsert, 'id' | 'companyId' | 'at'>;
export type EventRow = typeof events.$inferSelect;

/**
 * The only insert into the event log (eventLog.ts `recordEvents` calls it). The events take the company's next ids
 * from its row of `event_log_heads`, whose lock, taken here and held until commit, makes them commit in the order of
 * their ids, so a stream that resumes after an id misses none. So that the lock's holder never waits on a transaction
 * that waits for it: after its append, a transaction reads, or takes only locks that no transaction takes before its
 * own append (the idempotency key's answer, a new session); every other write comes before it.
 */
export async function appendEvents(tx: Db, companyId: string, list: NewEvent[]): Promise<void> {
  if (list.length === 0) return;
  // One JSON parameter for the whole list: a batch of an import appends hundreds.
  const rows = list.map((event, index) => ({
    n: index + 1,
    kind: event.kind,
    booking_ids: event.bookingIds ?? [],
    day: event.day ?? null,
    time: event.time ?? null,
    tour: event.tour ?? null,
    member_id: event.memberId ?? null,
    member_name: event.memberName,
    device_id: event.deviceId ?? null,
    user_agent: event.userAgent ?? null,
    operation_id: event.operationId ?? null,
    before: event.before ?? null,
    after: event.after ?? null,
  }));
  await tx.execute(sql`
    with head as (
      insert into event_log_heads as h (company_id, last_id) values (${companyId}, ${list.length})
      on conflict (company_id) do update set last_id = h.last_id + ${list.length}
      returning last_id
    )
    insert into events (company_id, id, kind, booking_ids, day, time, tour, member_id, member_name, device_id,
                        user_agent, operation_id, before, after)
    select ${companyId}::uuid, head.last_id - ${list.length} + r.n, r.kind, r.booking_ids, r.day, r.time, r.tour,
           r.member_id, r.member_name, r.device_id, r.user_agent, r.operation_id, r.before, r.after
      from head, jsonb_to_recordset(${JSON.stringify(rows)}::jsonb)
        as r(n int, kind text, booking_ids uuid[], day date, time text, tour text, member_id uuid, member_name text,
             device_id text, user_agent text, operation_id text, before jsonb, after jsonb)`);
}
