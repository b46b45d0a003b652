// Constants and rules only: the zod schemas are in ./schemas, so the app can use these without bundling zod.
import { CUSTOMER_TYPES, type CustomerCounts } from './customerTypes';

export const MANUAL_BOOKING_ID = 'Manually added';
/** Spec §5/§9. */
export const EDIT_COUNT_MAX = 15;
export const ADD_ADULTS_MIN = 1;
export const ADD_ADULTS_MAX = 25;
export const ADD_OTHER_MAX = 15;
export const NAME_MAX = 120;
export const NOTE_TEXT_MAX = 5000;
export const PHONE_INVALID = 'A valid value is required';

/** Digits with the usual separators and an optional leading +; 6 to 15 digits (E.164 allows 15). */
export const PHONE_PATTERN = /^\+?[\d\s().-]+$/;
export function isValidPhone(phone: string): boolean {
  const digits = phone.replace(/\D/g, '');
  return PHONE_PATTERN.test(phone.trim()) && digits.length >= 6 && digits.length <= 15;
}

/** The editable facts of a booking, compared by describeDifferences. */
export interface BookingSnapshot {
  name: string;
  counts: CustomerCounts;
  time: string;
  tour: string;
  date: string;
  source: string;
  phone: string | null;
  cancelled: boolean;
}

/** A readable account of what an edit changed, kept on the booking (spec §3 `differences`). */
export function describeDifferences(before: BookingSnapshot, after: BookingSnapshot): string {
  const changes: string[] = [];
  const field = (label: string, a: unknown, b: unknown) => {
    if (a !== b)
      changes.push(
        `${label}: ${a === null || a === '' ? '—' : String(a)} → ${b === null || b === '' ? '—' : String(b)}`,
      );
  };
  field('Name', before.name, after.name);
  for (const type of CUSTOMER_TYPES) field(type, before.counts[type], after.counts[type]);
  field('Date', before.date, after.date);
  field('Time', before.time, after.time);
  field('Tour', before.tour, after.tour);
  field('Source', before.source, after.source);
  field('Phone', before.phone, after.phone);
  if (!before.cancelled && after.cancelled) changes.push('Cancelled');
  return changes.join('; ');
}

export type {
  AddBookingBody,
  Booking,
  CheckInBody,
  DayBookings,
  EditBookingBody,
  NearbySlot,
  SlotBookings,
} from './schemas/booking';
