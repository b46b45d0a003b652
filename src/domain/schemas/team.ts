import { z } from 'zod';
import { ROLES } from '../auth';
import { NAME_MAX } from '../booking';
import { emailSchema, newPasswordSchema } from './auth';
import { countListSchema } from './counts';
import { daySchema } from './booking';

export const memberSchema = z.object({ _id: z.string(), email: z.string(), role: z.enum(ROLES), name: z.string() });
export type Member = z.infer<typeof memberSchema>;

export const guideRefSchema = z.object({ _id: z.string(), name: z.string() });

export const addGuideBodySchema = z.strictObject({
  name: z
    .string({ error: "Enter the guide's name" })
    .trim()
    .min(1, "Enter the guide's name")
    .max(NAME_MAX, `The name can have at most ${NAME_MAX} characters`),
  email: emailSchema,
  password: newPasswordSchema('password'),
  /** Sent by the spec's client; the company always comes from the token. */
  company: z.unknown().optional(),
});
export type AddGuideBody = z.infer<typeof addGuideBodySchema>;

// Heads that follow the bookings can exceed what one save may send (1000 per type).
export const shiftGuideSchema = z.object({ _id: z.string(), name: z.string(), attendees: countListSchema(100000) });
export const shiftSchema = z.object({
  _id: z.string(),
  shiftString: z.string(),
  date: z.string(),
  time: z.string(),
  tour: z.string(),
  guides: z.array(shiftGuideSchema),
  totalAttendees: countListSchema(100000),
});
export type Shift = z.infer<typeof shiftSchema>;

export const saveShiftGuidesBodySchema = z.strictObject({
  selectedGuides: z.strictObject({
    selectedItems: z
      .array(
        z.object({
          _id: z.string().min(1).max(100),
          name: z.string().max(NAME_MAX).optional(),
          attendees: countListSchema(1000),
        }),
      )
      .max(50),
  }),
});
export type SaveShiftGuidesBody = z.infer<typeof saveShiftGuidesBodySchema>;

export const assignGuideBodySchema = z.strictObject({
  bookingIds: z.array(z.uuid()).min(1).max(500),
  /** A member's name, or null to move the bookings back to Unassigned. */
  guide: z.string().trim().min(1).max(NAME_MAX).nullable(),
});

export const timeRangeBodySchema = z.strictObject({
  /** A member's `_id`; a Guide may only ask for themselves (and gets themselves when it is left out). */
  guide: z.uuid({ message: 'Not a member id' }).optional(),
  timeRange: z.strictObject({ start: daySchema, end: daySchema }),
  /** Sent by the spec's client; the caller always comes from the token. */
  user: z.unknown().optional(),
});
export type TimeRangeBody = z.infer<typeof timeRangeBodySchema>;

export const guideShiftRowSchema = z.object({
  shiftString: z.string(),
  date: z.string(),
  time: z.string(),
  tour: z.string(),
  guide: z.string(),
  attendees: countListSchema(100000),
  /** Checked-in guests of the guide's bookings in the slot, per source (the detailed shift report). */
  bySource: z.array(z.object({ source: z.string(), attendees: countListSchema(100000) })),
});
export type GuideShiftRow = z.infer<typeof guideShiftRowSchema>;
