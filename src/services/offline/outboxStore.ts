import { byOrder, type OutboxEntry } from '../../domain/outbox';
import { offlineDb } from './offlineDb';

/** Resolves once the entry is on disk: only then does a check-in count as kept. */
export async function putEntry(entry: OutboxEntry): Promise<void> {
  const db = await offlineDb();
  await db.put('outbox', entry);
}

export async function deleteEntry(id: string): Promise<void> {
  const db = await offlineDb();
  await db.delete('outbox', id);
}

/** The member's entries in sending order. */
export async function entriesOf(userId: string): Promise<OutboxEntry[]> {
  const db = await offlineDb();
  return (await db.getAllFromIndex('outbox', 'byUser', userId)).sort(byOrder);
}
