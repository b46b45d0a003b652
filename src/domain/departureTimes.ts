import { WALKIN_SOURCE, type Company } from './company';
import { slotStart, type SlotRef } from './slotStart';

const MINUTE = 60_000;

/** A departure has started once its start is reached: the channel API sells no seats on it. */
export function hasStarted(slot: SlotRef, timezone: string, now: Date): boolean {
  return now.getTime() >= slotStart(slot, timezone).getTime();
}

/**
 * Add Booking's "Checked in now" starts on for a walk-in whose departure has started or starts within the company's
 * beforeTime (the window in which a Guide sees it coming): they are standing there. A walk-in booked for a later
 * departure has not come yet.
 */
export function walkInCheckedIn(
  source: string,
  slot: SlotRef,
  company: Pick<Company, 'timezone' | 'beforeTime'>,
  now: Date,
): boolean {
  if (source !== WALKIN_SOURCE) return false;
  return now.getTime() >= slotStart(slot, company.timezone).getTime() - company.beforeTime * MINUTE;
}
