import { z } from 'zod';
import { SCAN_CODE_MAX } from '../bookingReference';
import {
  ADD_ADULTS_MAX,
  ADD_ADULTS_MIN,
  ADD_OTHER_MAX,
  EDIT_COUNT_MAX,
  NAME_MAX,
  NOTE_TEXT_MAX,
  PHONE_INVALID,
  isValidPhone,
} from '../booking';
import { DAY_PATTERN, DAY_YEAR_MAX, DAY_YEAR_MIN, TIME_PATTERN, isCalendarDay } from '../dates';
import { CUSTOMER_TYPES } from '../customerTypes';
import { countListSchema } from './counts';

export const daySchema = z
  .string()
  .regex(DAY_PATTERN, 'Use a date as yyyy-MM-dd')
  .refine(isCalendarDay, `No such day between ${DAY_YEAR_MIN} and ${DAY_YEAR_MAX}`);
export const timeSchema = z.string().regex(TIME_PATTERN, 'Use a time as HH:mm');
/** A party's size as the client sends it; the server recomputes it from the counts. */
const paxSchema = z.number().int().min(0).max(1000);
export const tourNameSchema = z.string().trim().min(1, 'Tour is required').max(120);

export const phoneSchema = z
  .string()
  .trim()
  .max(32, PHONE_INVALID)
  .refine((p) => p === '' || isValidPhone(p), PHONE_INVALID);

/** A booking as the API answers it. `phone` is absent when the caller's role is not shown phones. */
export const bookingSchema = z.object({
  _id: z.string(),
  bookingId: z.string(),
  /** Tourdesk's own short code (its QR code and a scan find the booking by it); absent in copies stored before it. */
  reference: z.string().optional(),
  name: z.string(),
  company: z.string(),
  customers: countListSchema(1000),
  attendees: countListSchema(1000),
  pax: z.number().int(),
  date: z.string(),
  time: z.string(),
  tour: z.string(),
  /** Absent for a Guide when the company does not display sources. */
  source: z.string().optional(),
  phone: z.string().nullable().optional(),
  cancelled: z.boolean(),
  manual: z.boolean(),
  modifiedBy: z.string().nullable(),
  differences: z.string().nullable(),
  guide: z.string().nullable(),
  createdAt: z.string(),
  version: z.number().int(),
});
export type Booking = z.infer<typeof bookingSchema>;

/** A departure the timetable schedules: shown on the day page even before anyone has booked it. */
export const scheduledSlotSchema = z.object({
  time: z.string(),
  tour: z.string(),
  capacity: z.number().int().nullable(),
});
export type ScheduledSlot = z.infer<typeof scheduledSlotSchema>;

export const dayBookingsSchema = z.object({
  bookings: z.array(bookingSchema),
  /** The day's scheduled departures the caller may see; absent from servers before the timetable. */
  departures: z.array(scheduledSlotSchema).optional(),
  /** Slots of the day (booked or scheduled) a Guide may not see (spec §4), so the page can say why it is empty. */
  hiddenSlots: z.number().int(),
  /** A Guide's only: the hidden slot (of the day, or of tomorrow seen from today) whose window opens next. */
  nextOpening: z
    .object({ day: z.string(), time: z.string(), tour: z.string(), opensAt: z.string() })
    .nullable()
    .optional(),
});
export type DayBookings = z.infer<typeof dayBookingsSchema>;

export const slotBookingsSchema = z.object({
  bookings: z.array(bookingSchema),
  /** False when the caller may not change the slot (the Guide lock). */
  modifiable: z.boolean(),
  /** The departure's capacity in the timetable; null when it has none or is not in the timetable. */
  capacity: z.number().int().nullable().optional(),
});
export type SlotBookings = z.infer<typeof slotBookingsSchema>;

/** GET /api/bookings/lookup: what a scanner read or a person typed. */
export const lookupQuerySchema = z.object({
  code: z
    .string()
    .trim()
    .min(1, 'code: Scan or type a code')
    .max(SCAN_CODE_MAX, `code: At most ${SCAN_CODE_MAX} characters`),
});

/** The booking a code found, and the slot it is in. */
export const lookupSchema = z.object({
  booking: bookingSchema,
  slot: z.object({ day: z.string(), time: z.string(), tour: z.string() }),
});
export type BookingLookup = z.infer<typeof lookupSchema>;

export const nearbySlotSchema = z.object({ time: z.string(), tour: z.string(), pax: z.number().int() });
export const nearbyToursSchema = z.array(nearbySlotSchema);
export type NearbySlot = z.infer<typeof nearbySlotSchema>;

export const checkInBodySchema = z.strictObject({
  attendees: countListSchema(1000),
  _id: z.string().optional(),
  /** Honoured only for members with `assignable`. */
  chosenGuide: z.string().trim().min(1).max(NAME_MAX).nullable().optional(),
  base: countListSchema(1000)
    .optional()
    .describe(
      'The counts the device saw when the check-in was made: a type another device changed since keeps its value ' +
        '(409 `CHECK_IN_CONFLICT`); a type already at the new value needs nothing.',
    ),
  madeAt: z.iso
    .datetime({ offset: true, message: 'Use an ISO date-time' })
    .optional()
    .describe(
      'When the check-in was made on the device (it may have waited for the network): the lock is judged then, ' +
        'if it is not ahead of the server’s clock (2 minutes of drift) nor older than 12 hours.',
    ),
});
export type CheckInBody = z.infer<typeof checkInBodySchema>;

/** A customer type another device changed since the counts a check-in was based on: the server kept theirs. */
export const checkInConflictSchema = z.object({
  type: z.enum(CUSTOMER_TYPES),
  base: z.number().int(),
  yours: z.number().int(),
  theirs: z.number().int(),
  /** Who checked in last, and when, if the log knows. */
  by: z.string().nullable(),
  at: z.string().nullable(),
});
export type CheckInConflict = z.infer<typeof checkInConflictSchema>;

export const editedBookingSchema = z.object({
  company: z.unknown().optional(),
  name: z.string().trim().min(1, 'Name is required').max(NAME_MAX).optional(),
  customers: countListSchema(EDIT_COUNT_MAX),
  pax: paxSchema.optional(),
  time: timeSchema,
  tour: tourNameSchema,
  source: z.string().trim().min(1).max(120).optional(),
  date: daySchema,
  modifiedBy: z.unknown().optional(),
  differences: z.unknown().optional(),
  cancelled: z.boolean(),
  phone: phoneSchema.nullable().optional(),
});

export const editBookingBodySchema = z.strictObject({
  bookingAfterEditServer: editedBookingSchema,
  _id: z.string().optional(),
  chosenGuideName: z.string().max(NAME_MAX).nullable().optional(),
  /** The version the edit was based on; an older one than stored is refused with 409. */
  version: z.number().int().min(1),
  /** A Manager's "Book anyway": the edit may put the departure over its capacity (recorded in the event). */
  allowOverCapacity: z.boolean().optional(),
});
export type EditBookingBody = z.infer<typeof editBookingBodySchema>;

export const addBookingBodySchema = z.strictObject({
  company: z.unknown().optional(),
  name: z.string().trim().min(1, 'Name is required').max(NAME_MAX),
  customers: countListSchema(ADD_ADULTS_MAX)
    .refine((list) => list.every((e) => Object.keys(e)[0] === 'Adults' || Object.values(e)[0]! <= ADD_OTHER_MAX), {
      message: `Children and Teens run 0 to ${ADD_OTHER_MAX}`,
    })
    .refine((list) => list.some((e) => (e.Adults ?? 0) >= ADD_ADULTS_MIN), { message: 'At least 1 adult is required' }),
  pax: paxSchema.optional(),
  /** Who came already, e.g. a walk-in checked in as it is booked; at most the booked count of each type. */
  attendees: countListSchema(ADD_ADULTS_MAX).optional(),
  time: timeSchema,
  tour: tourNameSchema,
  source: z.string().trim().max(120).optional(),
  phone: phoneSchema.nullable().optional(),
  date: daySchema,
  /** A Manager's "Book anyway": the booking may put the departure over its capacity (recorded in the event). */
  allowOverCapacity: z.boolean().optional(),
});
export type AddBookingBody = z.infer<typeof addBookingBodySchema>;

export const noteSchema = z.object({ note: z.string() });
export const saveNoteBodySchema = z.strictObject({
  uniqueId: z.string().min(1).max(300),
  note: z.string().max(NOTE_TEXT_MAX, `A note holds at most ${NOTE_TEXT_MAX} characters`),
});
