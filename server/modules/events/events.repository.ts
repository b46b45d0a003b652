import { and, asc, desc, eq, gt, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { queryRows } from '../../db/rows';
import { events } from '../../db/schema';

export type NewEvent = Omit<typeof events.$inferInsert, 'id' | 'at'>;
export type EventRow = typeof events.$inferSelect;

/**
 * Appends events of one company. The company's advisory lock, held until commit, makes its events commit in the
 * order of their ids, so a stream that resumes after an id misses none. It must be the last statement of its
 * transaction: the lock holder then waits on nothing, so no deadlock.
 */
export async function appendEvents(tx: Db, companyId: string, list: NewEvent[]): Promise<void> {
  if (list.length === 0) return;
  // One JSON parameter for the whole list: a batch of an import appends hundreds.
  const rows = list.map((event) => ({
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
    with company_lock as (select pg_advisory_xact_lock(hashtextextended(${companyId}, 0)))
    insert into events (company_id, kind, booking_ids, day, time, tour, member_id, member_name, device_id,
                        user_agent, operation_id, before, after)
    select ${companyId}::uuid, r.kind, r.booking_ids, r.day, r.time, r.tour, r.member_id, r.member_name, r.device_id,
           r.user_agent, r.operation_id, r.before, r.after
      from company_lock, jsonb_to_recordset(${JSON.stringify(rows)}::jsonb)
        as r(kind text, booking_ids uuid[], day date, time text, tour text, member_id uuid, member_name text,
             device_id text, user_agent text, operation_id text, before jsonb, after jsonb)`);
}

export function appendEvent(tx: Db, event: NewEvent): Promise<void> {
  return appendEvents(tx, event.companyId, [event]);
}

/** The company's events after an id, oldest first. */
export function eventsAfter(db: Db, companyId: string, afterId: number, limit: number): Promise<EventRow[]> {
  return db
    .select()
    .from(events)
    .where(and(eq(events.companyId, companyId), gt(events.id, afterId)))
    .orderBy(asc(events.id))
    .limit(limit);
}

export async function latestEventId(db: Db, companyId: string): Promise<number> {
  const [row] = await db
    .select({ id: events.id })
    .from(events)
    .where(eq(events.companyId, companyId))
    .orderBy(desc(events.id))
    .limit(1);
  return row?.id ?? 0;
}

/**
 * Where a client stands in the company's log: its last event id, and how many events follow `afterId`, counted no
 * further than `limit` (a walk of that many index entries at most, however far behind the client is).
 */
export async function logPosition(
  db: Db,
  companyId: string,
  afterId: number,
  limit: number,
): Promise<{ latest: number; after: number }> {
  const [row] = await queryRows<{ latest: number | string; after: number | string }>(
    db,
    sql`select coalesce((select max(id) from events where company_id = ${companyId}), 0) as latest,
               (select count(*) from (select 1 from events where company_id = ${companyId} and id > ${afterId}
                                       limit ${limit}) as following) as after`,
  );
  return { latest: Number(row?.latest ?? 0), after: Number(row?.after ?? 0) };
}
