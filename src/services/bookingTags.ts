import type { Booking } from '../domain/booking';
import type { SlotKey } from '../domain/capacity';
import { noteUniqueId } from '../domain/slotRules';

/** A slot's cache key: the tag of its bookings and the key of the copy kept on the device. */
export const slotId = ({ day, time, tour }: SlotKey) => `${day}|${time}|${tour}`;

/** A shift is keyed like the slot's note: day-time-tour. */
export const shiftStringOf = ({ day, time, tour }: SlotKey) => noteUniqueId(day, time, tour);
export const shiftTag = (slot: SlotKey) => ({ type: 'Shift' as const, id: shiftStringOf(slot) });
// The guide shift report is built from shifts and from the guides recorded on bookings.
export const shiftReportTag = { type: 'Shift' as const, id: 'LIST' };

/**
 * A booking's change (a check-in, an edit, a new booking) changes its day: the day's list (pax, checked-in), its fees
 * and the reports.
 */
export const dayTags = (day: string) => [
  { type: 'Bookings' as const, id: day },
  { type: 'Fees' as const, id: day },
  { type: 'Report' as const, id: 'LIST' },
];

/** Every change to a slot also changes its day and the slot and day the booking moves to. */
export const slotAndDayTags = (slot: SlotKey, booking?: Booking) => [
  { type: 'Slot' as const, id: slotId(slot) },
  ...dayTags(slot.day),
  ...(booking
    ? [{ type: 'Slot' as const, id: slotId({ day: booking.date, time: booking.time, tour: booking.tour }) }]
    : []),
  ...(booking && booking.date !== slot.day ? dayTags(booking.date) : []),
];
