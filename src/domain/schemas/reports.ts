import { z } from 'zod';
import { REPORT_FIELDS, REPORT_PAGE_SIZE_MAX, REPORT_TYPES, isEncodedNameList } from '../reports';
import { daySchema } from './booking';
import { countListSchema } from './counts';
import { DEFAULT_LANGUAGE, LANGUAGES } from '../languages';

const nameList = (field: 'sources' | 'tours') =>
  z
    .string()
    .min(1)
    .max(4000)
    .refine(isEncodedNameList, 'Names are joined with "-"; inside a name "-" is written "~d" and "~" is "~~"')
    // Checked before the CSV stream starts: a database error after the first byte could only cut the download short.
    .refine((joined) => !joined.includes('\u0000'), 'Names cannot contain NUL characters')
    .describe(
      `The company's ${field} to include, joined with "-". Inside a name "-" is written "~d" and "~" is "~~": ` +
        '"Hop-On Harbour Cruise" and "Old Town Walk" are `Hop~dOn Harbour Cruise-Old Town Walk` (then URL-encoded). ' +
        'A "-" left bare inside a name is read as part of it only where the pieces it leaves are not all names and ' +
        'one way of joining them back gives names only; two ways answer 400 `AMBIGUOUS_NAMES`. Names match in any ' +
        `case; one that is not among the company's ${field} (archived ones included) answers 400 naming it.`,
    );

export const reportParamsSchema = z.object({
  field: z.enum(REPORT_FIELDS),
  startDate: daySchema,
  endDate: daySchema,
  sources: nameList('sources'),
  tours: nameList('tours'),
});

export const reportQuerySchema = z.object({
  page: z.coerce.number().int().min(0).max(1_000_000).default(0),
  pageSize: z.coerce.number().int().min(1).max(REPORT_PAGE_SIZE_MAX).default(REPORT_PAGE_SIZE_MAX),
  format: z.enum(['json', 'csv']).default('json'),
  /** Which columns the CSV carries; by default the type whose filter field the path names (it must match it). */
  type: z.enum(REPORT_TYPES).optional(),
  /** The no-show report only (field `date`): just the bookings with a no-show (`hasNoShow`). */
  onlyNoShows: z
    .enum(['true', 'false'], { error: 'Use true or false' })
    .transform((value) => value === 'true')
    .default(false),
  /** The CSV's header row in this language; English by default, as accounting tools may expect spec §9's names. */
  headerLanguage: z.enum(LANGUAGES).default(DEFAULT_LANGUAGE),
});

export const reportRowSchema = z.object({
  _id: z.string(),
  bookingId: z.string(),
  /** Tourdesk's own code of the booking. */
  reference: z.string(),
  name: z.string(),
  source: z.string(),
  tour: z.string(),
  date: z.string(),
  time: z.string(),
  createdAt: z.string(),
  pax: z.number().int(),
  /** Only the reservation report lists cancelled bookings. */
  cancelled: z.boolean(),
  customers: countListSchema(1000),
  attendees: countListSchema(1000),
});
export type ReportRow = z.infer<typeof reportRowSchema>;

export const reportPageSchema = z.object({
  rows: z.array(reportRowSchema),
  total: z.number().int(),
  page: z.number().int(),
  pageSize: z.number().int(),
  /** The no-show report's guests who did not show up, per customer type, over every matching booking (not the page). */
  noShowTotals: countListSchema(2_147_483_647).optional(),
});
export type ReportPage = z.infer<typeof reportPageSchema>;

type FeesFields = { day?: string | undefined; from?: string | undefined; to?: string | undefined };

/** What is wrong with a fees body's choice of days, and which field says so; null when it is one day or a range. */
function feesDaysProblem({ day, from, to }: FeesFields): { path: keyof FeesFields; message: string } | null {
  if (day !== undefined) {
    return from === undefined && to === undefined
      ? null
      : { path: 'day', message: 'Send a day or a range (from and to), not both' };
  }
  if (from === undefined && to === undefined) return { path: 'day', message: 'Enter a day, or a range as from and to' };
  if (from === undefined) return { path: 'from', message: 'Enter the first day of the range' };
  if (to === undefined) return { path: 'to', message: 'Enter the last day of the range' };
  return null;
}

/** Spec §7's `{ day }`, or a range of days `{ from, to }` (both included) for a fee table over several days. */
export const feesBodySchema = z
  .strictObject({ day: daySchema.optional(), from: daySchema.optional(), to: daySchema.optional() })
  .superRefine((body, ctx) => {
    const problem = feesDaysProblem(body);
    if (problem) ctx.addIssue({ code: 'custom', path: [problem.path], message: problem.message });
  })
  // The handler reads one shape: a day is the range from that day to itself.
  .transform(({ day, from, to }) => ({ from: day ?? from ?? '', to: day ?? to ?? '' }));
export type FeesBody = z.input<typeof feesBodySchema>;

export const feeRowSchema = z.object({
  date: z.string(),
  tour: z.string(),
  source: z.string(),
  attendees: countListSchema(1_000_000),
});
export type FeeRow = z.infer<typeof feeRowSchema>;
