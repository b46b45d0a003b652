import { z } from 'zod';
import { errorBodySchema } from './auth';

/** The seats a 409 OVER_CAPACITY names: the departure's free seats now, and its capacity. */
export const seatsLeftSchema = z.object({
  seatsLeft: z.number().int().describe('Free seats on the departure now (0 when full or over)'),
  capacity: z.number().int().describe("The departure's capacity in the timetable"),
});
export type SeatsLeft = z.infer<typeof seatsLeftSchema>;

/** A conflict answer that may be a refusal for seats: the body every 409 of a route that makes bookings has. */
export const seatConflictSchema = errorBodySchema.extend({
  code: z
    .string()
    .describe(
      '`OVER_CAPACITY`: the booking would take more seats than the departure has left (`details` says how many); ' +
        "`NO_DEPARTURE`: the tour's timetable has no departure at that date and time; others as the route says",
    ),
  details: seatsLeftSchema.optional().describe('With `OVER_CAPACITY`: the seats left and the capacity'),
});
