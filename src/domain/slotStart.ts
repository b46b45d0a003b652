import { fromZonedTime } from 'date-fns-tz';

export interface SlotRef {
  day: string;
  time: string;
}

/**
 * The instant a slot starts: its day and time are wall-clock values in the company's timezone. A module of its own:
 * date-fns-tz loads only with the code that needs the instant (the rules judged on the server, Add Booking), not with
 * every page that shows a slot.
 */
export function slotStart(slot: SlotRef, timezone: string): Date {
  return fromZonedTime(`${slot.day}T${slot.time}:00`, timezone);
}
