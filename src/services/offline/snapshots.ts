import { offlineDb, type Snapshot } from './offlineDb';

/** `at`: when the server gave what `data` holds (now, unless it was read back from the device). */
export async function saveSnapshot(userId: string, what: string, data: unknown, at = new Date().toISOString()) {
  const db = await offlineDb();
  await db.put('snapshots', { key: `${userId}|${what}`, userId, data, at });
}

export async function loadSnapshot(userId: string, what: string): Promise<Snapshot | undefined> {
  const db = await offlineDb();
  return db.get('snapshots', `${userId}|${what}`);
}

/** Signed out: what the member saw leaves the device with them (a shared tablet at the office). */
export async function forgetSnapshots(userId: string): Promise<void> {
  const db = await offlineDb();
  const tx = db.transaction('snapshots', 'readwrite');
  for (const key of await tx.store.index('byUser').getAllKeys(userId)) await tx.store.delete(key);
  await tx.done;
}
