import { and, asc, desc, eq, gt, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { queryRows } from '../../db/rows';
import { events } from '../../db/schema';
import type { EventRow } from '../eventLog/eventLog.repository';

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
