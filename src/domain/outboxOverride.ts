import { countsFromList, CUSTOMER_TYPES, listFromCounts } from './customerTypes';
import type { OutboxEntry } from './outbox';

/**
 * "Use yours" after a conflict: a new check-in made on the server's current counts, with the device's values for the
 * types in conflict and the server's for the rest (which it already applied).
 */
export function overrideEntry(entry: OutboxEntry, id: string, now: Date, seq: number): OutboxEntry {
  const current = entry.conflict?.current;
  if (!current) throw new Error('Only a check-in in conflict can be overridden');
  const counts = countsFromList(current.attendees);
  for (const conflict of entry.conflict?.conflicts ?? []) counts[conflict.type] = conflict.yours;
  const kept = CUSTOMER_TYPES.filter((type) => entry.attendees.some((list) => list[type] !== undefined));
  const attendees = listFromCounts(counts, kept);
  const { conflict: _conflict, refusal: _refusal, ...rest } = entry;
  return { ...rest, id, attendees, base: current.attendees, madeAt: now.toISOString(), seq, state: 'waiting' };
}
