import { and, arrayContains, desc, eq } from 'drizzle-orm';
import type { EventSlot } from '../../../src/domain/events';
import type { Db } from '../../db/client';
import { events } from '../../db/schema';
import type { EventRow } from '../eventLog/eventLog.repository';

/** One booking's events, newest first. */
export function bookingEvents(db: Db, companyId: string, bookingId: string, limit: number): Promise<EventRow[]> {
  return db
    .select()
    .from(events)
    .where(and(eq(events.companyId, companyId), arrayContains(events.bookingIds, [bookingId])))
    .orderBy(desc(events.id))
    .limit(limit);
}

/** What happened in one slot, newest first. */
export function slotEvents(db: Db, companyId: string, slot: EventSlot, limit: number): Promise<EventRow[]> {
  return db
    .select()
    .from(events)
    .where(
      and(
        eq(events.companyId, companyId),
        eq(events.day, slot.day),
        eq(events.time, slot.time),
        eq(events.tour, slot.tour),
      ),
    )
    .orderBy(desc(events.id))
    .limit(limit);
}
