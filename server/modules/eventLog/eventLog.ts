import type { EventKind, EventSlot } from '../../../src/domain/events';
import type { Db } from '../../db/client';
import type { AuthContext } from '../../db/signedIn';
import { notifyAfterCommit } from '../../db/tenancy';
import { appendEvents, type NewEvent } from './eventLog.repository';

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

/** Who made a change: a signed-in member, or a channel's API key (no member: `userId` null). */
export type EventActor = Pick<AuthContext, 'companyId' | 'name' | 'email' | 'device'> & { userId: string | null };

/**
 * The one way to append to the event log: one event per change, in the changes' transaction, with who made them and
 * from which device; once that transaction commits, the company's live streams are told. Call it once the changes
 * are made: what may follow it in the transaction is said at `appendEvents`.
 */
export async function recordEvents(tx: Db, actor: EventActor, changes: Change[]): Promise<void> {
  if (changes.length === 0) return;
  await appendEvents(
    tx,
    actor.companyId,
    changes.map((change) => eventOf(actor, change)),
  );
  notifyAfterCommit(tx, changes.length);
}

/** Who made a change, as their name is then (their email when they have none). */
export const actorName = (actor: EventActor): string => actor.name || actor.email;

function eventOf(actor: EventActor, change: Change): NewEvent {
  return {
    kind: change.kind,
    bookingIds: change.bookingIds ?? [],
    day: change.slot?.day ?? null,
    time: change.slot?.time ?? null,
    tour: change.slot?.tour ?? null,
    memberId: actor.userId,
    memberName: actorName(actor),
    deviceId: actor.device.id,
    userAgent: actor.device.userAgent,
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
