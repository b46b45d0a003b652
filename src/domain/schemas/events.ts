import { z } from 'zod';
import { EVENT_KINDS } from '../events';

const eventSlotSchema = z.object({ day: z.string(), time: z.string(), tour: z.string() });
const changeSchema = z.object({ field: z.string(), from: z.string().optional(), to: z.string().optional() });

export const historyEntrySchema = z.object({
  id: z.number().int(),
  at: z.string(),
  kind: z.enum(EVENT_KINDS),
  by: z.string(),
  userAgent: z.string().nullable(),
  changes: z.array(changeSchema),
  checkedIn: z.object({ attended: z.number().int(), pax: z.number().int() }).optional(),
  madeAt: z.string().optional(),
  slot: eventSlotSchema.nullable(),
  bookingName: z.string().optional(),
  bookingReference: z.string().optional(),
  movedOut: z.boolean().optional(),
});

/** Newest first. */
export const historySchema = z.array(historyEntrySchema);
