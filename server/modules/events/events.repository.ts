import { and, asc, desc, eq, gt, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
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
  const json = (value: unknown) => (value === undefined || value === null ? null : JSON.stringify(value));
  const rows = list.map(
    (event) => sql`(${event.kind}, ${`{${(event.bookingIds ?? []).join(',')}}`}::uuid[], ${event.day ?? null}::date,
      ${event.time ?? null}, ${event.tour ?? null}, ${event.memberId ?? null}::uuid, ${event.memberName},
      ${event.deviceId ?? null}, ${event.userAgent ?? null}, ${event.operationId ?? null},
      ${json(event.before)}::jsonb, ${json(event.after)}::jsonb)`,
  );
  await tx.execute(sql`
    with company_lock as (select pg_advisory_xact_lock(hashtextextended(${companyId}, 0)))
    insert into events (company_id, kind, booking_ids, day, time, tour, member_id, member_name, device_id,
                        user_agent, operation_id, before, after)
    select ${companyId}::uuid, v.* from company_lock,
      (values ${sql.join(rows, sql`, `)}) as v(kind, booking_ids, day, time, tour, member_id, member_name, device_id,
                                              user_agent, operation_id, before, after)`);
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
