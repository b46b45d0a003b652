import { CUSTOMER_TYPES, type CustomerCounts, type CustomerType } from './customerTypes';

/** How long a check-in may wait on a device for the network, and how far its clock may run ahead of the server's. */
export const OUTBOX_MAX_AGE_MS = 12 * 60 * 60_000;
export const DEVICE_CLOCK_SKEW_MS = 2 * 60_000;
/** A device's time is shown beside the server's once they are further apart than this (a check-in sent late). */
export const DEVICE_TIME_SHOWN_AFTER_MS = 60_000;

export interface CheckInMerge {
  counts: CustomerCounts;
  /** Types another device changed since the counts this check-in was based on: the server's value is kept. */
  conflicts: CustomerType[];
}

/**
 * A check-in made on counts the device saw (`base`), against the counts the server has now. Per type: unchanged
 * since the base, the new value applies; already the new value, nothing to do; changed to something else by
 * another device, the server's value stays and the type is a conflict. Without a base the new values apply.
 */
export function mergeCheckIn(
  server: CustomerCounts,
  wanted: CustomerCounts,
  base: CustomerCounts | undefined,
): CheckInMerge {
  if (!base) return { counts: wanted, conflicts: [] };
  const counts = { ...server };
  const conflicts: CustomerType[] = [];
  for (const type of CUSTOMER_TYPES) {
    if (wanted[type] === server[type]) continue;
    if (base[type] === server[type]) counts[type] = wanted[type];
    else conflicts.push(type);
  }
  return { counts, conflicts };
}

/** A device's time for its check-in is believed unless it is ahead of the server or older than an outbox keeps. */
export function deviceTimeAccepted(madeAt: Date, now: Date): boolean {
  const age = now.getTime() - madeAt.getTime();
  return age >= -DEVICE_CLOCK_SKEW_MS && age <= OUTBOX_MAX_AGE_MS;
}

/** Whether a check-in's device time is worth showing beside when the server received it: over a minute apart. */
export function deviceTimeDiffers(madeAt: Date, receivedAt: Date): boolean {
  return Math.abs(receivedAt.getTime() - madeAt.getTime()) > DEVICE_TIME_SHOWN_AFTER_MS;
}
