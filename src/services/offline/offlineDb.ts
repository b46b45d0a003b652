import { openDB, type DBSchema, type IDBPDatabase } from 'idb';
import type { OutboxEntry } from '../../domain/outbox';

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
  /** Check-ins waiting for the server (street mode's outbox), kept per member until sent or settled. */
  outbox: { key: string; value: OutboxEntry; indexes: { byUser: string } };
}

let opened: Promise<IDBPDatabase<OfflineSchema>> | undefined;

/** The device's store for street mode (IndexedDB through `idb`), opened once per tab. */
export function offlineDb(): Promise<IDBPDatabase<OfflineSchema>> {
  opened ??= openDB<OfflineSchema>('tourdesk', 2, {
    upgrade(db, oldVersion) {
      if (oldVersion < 1) db.createObjectStore('snapshots', { keyPath: 'key' }).createIndex('byUser', 'userId');
      if (oldVersion < 2) db.createObjectStore('outbox', { keyPath: 'id' }).createIndex('byUser', 'userId');
    },
    // Another tab still has version 1 open: it closes its copy so this one can upgrade, and opens again on use.
    blocking() {
      void opened?.then((db) => db.close());
      opened = undefined;
    },
  });
  return opened;
}
