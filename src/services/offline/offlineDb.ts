import { openDB, type DBSchema, type IDBPDatabase } from 'idb';

/** What a signed-in member last saw of a day or a slot, kept for when the network is gone. */
export interface Snapshot {
  /** `<member id>|<what>`: another member signing in on the device never sees them. */
  key: string;
  userId: string;
  data: unknown;
  /** When the server answered it (ISO). */
  at: string;
}

interface OfflineSchema extends DBSchema {
  snapshots: { key: string; value: Snapshot; indexes: { byUser: string } };
}

let opened: Promise<IDBPDatabase<OfflineSchema>> | undefined;

/** The device's store for street mode (IndexedDB through `idb`), opened once per tab. */
export function offlineDb(): Promise<IDBPDatabase<OfflineSchema>> {
  opened ??= openDB<OfflineSchema>('tourdesk', 1, {
    upgrade(db) {
      db.createObjectStore('snapshots', { keyPath: 'key' }).createIndex('byUser', 'userId');
    },
  });
  return opened;
}
