/** What bench/outbox.ts hands each simulated device (a worker thread), and what the device reports back. */
import type { AuthUser } from '../../src/domain/auth';
import type { Booking } from '../../src/domain/booking';
import type { CustomerCounts } from '../../src/domain/customerTypes';

export interface DevicePlan {
  index: number;
  baseUrl: string;
  /** The Guide signed in on the device, as the sign-in answered (token included). */
  user: AuthUser;
  refreshCookie: string;
  /** The device's own bookings, as the slot page showed them: no other device checks them in. */
  bookings: Booking[];
  taps: number;
  /** A pause between taps, drawn between these bounds. */
  tapMs: [number, number];
  /** Share of check-in requests lost: half before the server, half after it committed. */
  dropRate: number;
  /** Before these taps the page reloads: a new store and outbox sender on the same IndexedDB. */
  reloadAt: number[];
  /** From these taps on, every request fails for `ms`; then the browser says 'online'. */
  offline: Array<{ at: number; ms: number }>;
  /** Gives up waiting for the outbox to empty after this long. */
  drainMs: number;
  seed: number;
}

/** One tap: its operation id and the counts it asked for. */
export interface Operation {
  id: string;
  bookingId: string;
  counts: CustomerCounts;
}

export interface NetworkCounts {
  /** Check-in requests the device tried to send (each try counts). */
  attempts: number;
  dropsBefore: number;
  dropsAfter: number;
  /** Failed because the device was offline. */
  offline: number;
  /** In flight when the page reloaded: the old page never read the answer. */
  cutByReload: number;
  /** Answers the device read, by status (and error code). */
  answers: Record<string, number>;
  /** The most tries one operation needed. */
  maxTries: number;
}

export interface DeviceReport {
  index: number;
  operations: Operation[];
  network: NetworkCounts;
  reloads: number;
  /** From the last tap until the device's outbox (IndexedDB) was empty. */
  drainMs: number;
  /** Entries still on the device at the end, by state: none when all went well. */
  left: Record<string, number>;
  problems: string[];
}
