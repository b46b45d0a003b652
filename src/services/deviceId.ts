const STORAGE_KEY = 'tourdesk.deviceId';

/** Kept for the tab's life when storage is refused (private mode, full quota): stable at least until a reload. */
let inMemory: string | undefined;

/** A random id (a device's, an operation's). randomUUID exists only on secure origins: a LAN address gets hex. */
export const randomId = (): string =>
  crypto.randomUUID?.() ??
  Array.from(crypto.getRandomValues(new Uint8Array(16)), (b) => b.toString(16).padStart(2, '0')).join('');

/** This browser's id, sent with every call so a booking's history can say which device made a change. */
export function deviceId(): string {
  try {
    const stored = localStorage.getItem(STORAGE_KEY);
    if (stored) {
      inMemory = stored;
    } else {
      inMemory ??= randomId();
      localStorage.setItem(STORAGE_KEY, inMemory);
    }
  } catch {
    inMemory ??= randomId();
  }
  return inMemory;
}
