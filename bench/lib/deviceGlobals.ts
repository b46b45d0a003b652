/**
 * The little of a browser tab the client's outbox needs, installed in a device's worker thread before the app's
 * modules load (the API origin is read once, at load). Each worker has its own globals, so four devices never share
 * a fetch, an IndexedDB (fake-indexeddb/auto, imported per thread) or a device id.
 */

/** localStorage as a Map: kept across the device's reloads (same thread), as a browser keeps it. */
class MemoryStorage {
  private readonly items = new Map<string, string>();
  get length(): number {
    return this.items.size;
  }
  key(index: number): string | null {
    return [...this.items.keys()][index] ?? null;
  }
  getItem(key: string): string | null {
    return this.items.get(key) ?? null;
  }
  setItem(key: string, value: string): void {
    this.items.set(key, String(value));
  }
  removeItem(key: string): void {
    this.items.delete(key);
  }
  clear(): void {
    this.items.clear();
  }
}

export interface DeviceWindow {
  window: EventTarget;
  document: EventTarget & { visibilityState: DocumentVisibilityState };
}

export function installBrowser(origin: string, fetchFn: typeof fetch): DeviceWindow {
  const scope = globalThis as Record<string, unknown>;
  const device: DeviceWindow = {
    window: new EventTarget(),
    document: Object.assign(new EventTarget(), { visibilityState: 'visible' as DocumentVisibilityState }),
  };
  scope.window = device.window;
  scope.document = device.document;
  scope.location = { origin };
  scope.localStorage = new MemoryStorage();
  // redux-persist looks for its storage on `self`, as in a browser.
  scope.self = globalThis;
  scope.fetch = fetchFn;
  // One tab per device. Node's BroadcastChannel reaches every thread of the process: it would tell the other
  // devices, which have their own IndexedDB, that this one's outbox changed.
  scope.BroadcastChannel = undefined;
  return device;
}
