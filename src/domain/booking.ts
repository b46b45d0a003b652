// Constants and rules only: the zod schemas are in ./schemas, so the app can use these without bundling zod.
import { msg } from './messageFormat';

export const MANUAL_BOOKING_ID = 'Manually added';
/** Spec §5/§9. */
export const EDIT_COUNT_MAX = 15;
export const ADD_ADULTS_MIN = 1;
export const ADD_ADULTS_MAX = 25;
export const ADD_OTHER_MAX = 15;
export const NAME_MAX = 120;
export const NOTE_TEXT_MAX = 5000;
export const PHONE_INVALID = msg('A valid value is required');

/** Digits with the usual separators and an optional leading +; 6 to 15 digits (E.164 allows 15). */
export const PHONE_PATTERN = /^\+?[\d\s().-]+$/;
export function isValidPhone(phone: string): boolean {
  const digits = phone.replace(/\D/g, '');
  return PHONE_PATTERN.test(phone.trim()) && digits.length >= 6 && digits.length <= 15;
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
