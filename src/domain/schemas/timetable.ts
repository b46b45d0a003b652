import { z } from 'zod';
import { daySchema, timeSchema } from './booking';

const capacitySchema = z
  .number()
  .int('Enter a whole number of guests')
  .min(1, 'Enter 1 guest or more, or leave it empty for no limit')
  .max(1000, 'At most 1000 guests')
  .nullable();

const tourIdSchema = z.string().min(1).max(100);

export const weeklyDepartureSchema = z.strictObject({
  tourId: tourIdSchema,
  weekdays: z
    .array(z.number().int().min(1, 'Weekdays run from 1 (Monday)').max(7, 'Weekdays run to 7 (Sunday)'))
    .min(1, 'Pick at least one weekday')
    .max(7)
    .refine((days) => new Set(days).size === days.length, 'A weekday appears twice'),
  time: timeSchema,
  validFrom: daySchema,
  validUntil: daySchema.nullable(),
  capacity: capacitySchema,
});

export const departureExceptionSchema = z.strictObject({
  tourId: tourIdSchema,
  date: daySchema,
  time: timeSchema,
  kind: z.enum(['cancelled', 'extra']),
  capacity: capacitySchema,
});

/** The timetable as the server answers it (what it stored passed the checks below). */
export const timetableAnswerSchema = z.object({
  departures: z.array(
    z.object({
      tourId: z.string(),
      weekdays: z.array(z.number().int()),
      time: z.string(),
      validFrom: z.string(),
      validUntil: z.string().nullable(),
      capacity: z.number().int().nullable(),
    }),
  ),
  exceptions: z.array(
    z.object({
      tourId: z.string(),
      date: z.string(),
      time: z.string(),
      kind: z.enum(['cancelled', 'extra']),
      capacity: z.number().int().nullable(),
    }),
  ),
});

/** PUT /api/company/{companyId}/timetable: the whole timetable, replaced at once, its dates in order. */
export const timetableSchema = z
  .strictObject({
    departures: z.array(weeklyDepartureSchema).max(500),
    exceptions: z.array(departureExceptionSchema).max(2000),
  })
  .superRefine((timetable, ctx) => {
    timetable.departures.forEach((departure, index) => {
      if (departure.validUntil !== null && departure.validUntil < departure.validFrom) {
        ctx.addIssue({
          code: 'custom',
          path: ['departures', index, 'validUntil'],
          message: `departures.${index}.validUntil: The last day comes before the first (${departure.validFrom})`,
        });
      }
    });
  });
