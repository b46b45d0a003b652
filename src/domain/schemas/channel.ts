import { z } from 'zod';
import { ADD_ADULTS_MAX, ADD_OTHER_MAX, NAME_MAX } from '../booking';
import { isManualReference, MANUAL_REFERENCE_REASON } from '../bookingUpsert';
import { bookingSchema, daySchema, phoneSchema, timeSchema, tourNameSchema } from './booking';

/** The channel's own reference and its source, in the path of `/api/v1/bookings/{source}/{externalId}`. */
export const channelBookingParamsSchema = z.object({
  source: z.string().trim().min(1).max(120),
  externalId: z
    .string()
    .trim()
    .min(1)
    .max(120)
    .refine((reference) => !isManualReference(reference), MANUAL_REFERENCE_REASON),
});

/** A booking as a channel sends it: the whole booking, so sending it again changes nothing. */
export const channelBookingBodySchema = z
  .strictObject({
    name: z.string().trim().min(1, 'Name is required').max(NAME_MAX),
    date: daySchema,
    time: timeSchema,
    tour: tourNameSchema.describe("The tour's name or one of its other names (Settings › Tours), in any case"),
    phone: phoneSchema.nullable().optional(),
    adults: z.number().int().min(0).max(ADD_ADULTS_MAX),
    teens: z.number().int().min(0).max(ADD_OTHER_MAX).optional(),
    children: z.number().int().min(0).max(ADD_OTHER_MAX).optional(),
    cancelled: z.boolean().optional(),
  })
  .refine((b) => b.adults + (b.teens ?? 0) + (b.children ?? 0) > 0, {
    path: ['adults'],
    message: 'A booking has at least one guest',
  });
export type ChannelBookingBody = z.infer<typeof channelBookingBodySchema>;

export const channelChangesQuerySchema = z.object({
  since: z.iso
    .datetime({ offset: true, message: 'Use an ISO date-time' })
    .refine((since) => new Date(since).getUTCFullYear() >= 1970, 'Use a time after 1970')
    .describe('The bookings changed since this time (ISO 8601 with an offset), oldest first.'),
  after: z
    .uuid()
    .optional()
    .describe('The last booking id of the previous page, with `since` its change time: copy both from `next`.'),
});

export const channelChangesSchema = z.object({
  changes: z.array(z.object({ changedAt: z.string(), booking: bookingSchema })),
  next: z.string().nullable().describe('The path and query of the next page; null when this page was the last.'),
});
export type ChannelChanges = z.infer<typeof channelChangesSchema>;
