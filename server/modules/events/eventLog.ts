import type { EventKind, EventSlot } from '../../../src/domain/events';
import type { Db } from '../../db/client';
import type { AuthContext } from '../../db/signedIn';
import { appendEvent, type NewEvent } from './events.repository';

/** What was true before and after, by the label a reader sees (e.g. `{ Adults: 3 }`). */
export type Facts = Record<string, string | number | boolean | null>;

export interface Change {
  kind: EventKind;
  bookingIds?: string[];
  slot?: EventSlot | null;
  before?: unknown;
  after?: unknown;
  operationId?: string | null;
}

/**
 * Writes the change's event in the change's transaction, with who made it and from which device. Call it last, once
 * the change is made (events.repository.ts `appendEvent`).
 */
/** Who made a change: a signed-in member, or a channel's API key (no member: `userId` null). */
export type EventActor = Pick<AuthContext, 'companyId' | 'name' | 'email' | 'device' | 'eventWritten'> & {
  userId: string | null;
};

export function recordEvent(tx: Db, auth: EventActor, change: Change): Promise<void> {
  auth.eventWritten();
  return appendEvent(tx, eventOf(auth, change));
}

/** Who made a change, as their name is then (their email when they have none). */
export const actorName = (auth: EventActor): string => auth.name || auth.email;

/** The row a change appends (many at once: events.repository.ts `appendEvents`). */
export function eventOf(auth: EventActor, change: Change): NewEvent {
  return {
    companyId: auth.companyId,
    kind: change.kind,
    bookingIds: change.bookingIds ?? [],
    day: change.slot?.day ?? null,
    time: change.slot?.time ?? null,
    tour: change.slot?.tour ?? null,
    memberId: auth.userId,
    memberName: actorName(auth),
    deviceId: auth.device.id,
    userAgent: auth.device.userAgent,
    operationId: change.operationId ?? null,
    before: change.before ?? null,
    after: change.after ?? null,
  };
}

/** The facts that differ between two records, each side keeping only its changed labels. */
export function changedFacts(before: Facts, after: Facts): { before: Facts; after: Facts } {
  const changed = Object.keys(after).filter((key) => before[key] !== after[key]);
  return {
    before: Object.fromEntries(changed.map((key) => [key, before[key] ?? null])),
    after: Object.fromEntries(changed.map((key) => [key, after[key] ?? null])),
  };
}
