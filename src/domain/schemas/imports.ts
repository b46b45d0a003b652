import { z } from 'zod';
import {
  COUNT_FIELDS,
  DATE_FORMAT_IDS,
  DELIMITERS,
  ENCODINGS,
  IMPORT_COLUMNS_MAX,
  IMPORT_FIELDS,
  IMPORT_FIELD_LABELS,
  IMPORT_STATUSES,
  REQUIRED_FIELDS,
  type DelimiterName,
  type ImportField,
} from '../imports';
import { IMPORT_UNDO_STATES } from '../importUndo';

const delimiterSchema = z.enum(Object.keys(DELIMITERS) as [DelimiterName, ...DelimiterName[]]);
const column = z.coerce
  .number()
  .int()
  .min(0)
  .max(IMPORT_COLUMNS_MAX - 1)
  .optional();
const columnFields = Object.fromEntries(IMPORT_FIELDS.map((field) => [field, column])) as Record<
  ImportField,
  typeof column
>;

/** How to read a file (`/api/imports/preview` and `/apply`): its name, encoding and format, and each field's column. */
export const importQuerySchema = z
  .strictObject({
    fileName: z
      .string()
      .trim()
      .min(1, 'File name is required')
      .max(200)
      // Checked before any row: the name is stored with the import once its rows are in.
      .refine((name) => !name.includes('\u0000'), 'File name cannot contain NUL characters'),
    encoding: z.enum(ENCODINGS),
    delimiter: delimiterSchema,
    dateFormat: z.enum(DATE_FORMAT_IDS),
    /** The source of every row, when the file has no source column. */
    fixedSource: z.string().trim().min(1).max(120).optional(),
    /** A history import: rows may put a departure over capacity, or be at a time the timetable has no departure. */
    allowOverbooking: z
      .enum(['true', 'false'])
      .optional()
      .describe('`true`: rows over capacity or outside the timetable are imported, not rejected (history imports)'),
    ...columnFields,
  })
  .superRefine((query, ctx) => {
    for (const field of REQUIRED_FIELDS) {
      if (query[field] === undefined) {
        ctx.addIssue({ code: 'custom', path: [field], message: `${IMPORT_FIELD_LABELS[field]}: choose its column` });
      }
    }
    if ((query.source === undefined) === (query.fixedSource === undefined)) {
      ctx.addIssue({ code: 'custom', path: ['source'], message: 'Source: choose a column or one source for the file' });
    }
    if (COUNT_FIELDS.every((field) => query[field] === undefined)) {
      ctx.addIssue({ code: 'custom', path: ['adults'], message: 'Adults: choose the column of at least one count' });
    }
  });
export type ImportQuery = z.infer<typeof importQuerySchema>;

export const inspectQuerySchema = z.strictObject({ delimiter: delimiterSchema.optional() });

/** What the start of a file shows: its encoding and delimiter as detected (or chosen), its header and first rows. */
export const inspectedFileSchema = z.object({
  encoding: z.enum(ENCODINGS),
  delimiter: delimiterSchema,
  columns: z.array(z.string()),
  sample: z.array(z.array(z.string())),
});
export type InspectedFile = z.infer<typeof inspectedFileSchema>;

/** A remembered mapping: each field's column by its header name, and the date format. */
export const importMappingSchema = z.object({
  source: z.string(),
  /** The header of the file it was chosen for; absent on mappings remembered per source only. */
  header: z.array(z.string()).optional(),
  columns: z.object(
    Object.fromEntries(IMPORT_FIELDS.map((field) => [field, z.string().optional()])) as Record<
      ImportField,
      z.ZodOptional<z.ZodString>
    >,
  ),
  dateFormat: z.enum(DATE_FORMAT_IDS),
  delimiter: delimiterSchema,
});
export type ImportMapping = z.infer<typeof importMappingSchema>;

const undoneSchema = z.object({ by: z.string(), at: z.string() });

/** An import as the event log recorded it, and whether it may be undone now. */
export const pastImportSchema = z.object({
  /** The import's id (`POST /api/imports/{id}/undo`). */
  _id: z.string(),
  /** When it ended (its last sign of life, for an interrupted one), or started, while it runs. */
  at: z.string(),
  by: z.string(),
  fileName: z.string(),
  /** Whether it read the whole file, still runs, or stopped before the end (by an error, or with its server). */
  status: z.enum(IMPORT_STATUSES),
  /** Bookings written and rows rejected, so far for a running import, up to its last batch for one that stopped. */
  created: z.number(),
  updated: z.number(),
  cancelled: z.number(),
  rejected: z.number(),
  undo: z.enum(IMPORT_UNDO_STATES),
  /** Until when Undo is offered. */
  undoUntil: z.string(),
  /** Its bookings checked in or changed since it (counted while it could otherwise be undone). */
  changedSince: z.number(),
  undone: undoneSchema.nullable(),
});
export type PastImport = z.infer<typeof pastImportSchema>;

/**
 * A channel API write or an import's row that the booking's check-ins kept out (a cancellation, a move, fewer guests
 * than checked in): not made, and listed for the Manager.
 */
export const refusedChangeSchema = z.object({
  /** The refusal's event. */
  _id: z.string(),
  at: z.string(),
  /** "API key Viator", or the Manager who imported the file. */
  by: z.string(),
  /** The import's file, for an import's row. */
  fileName: z.string().nullable(),
  /** The booking as it is now. */
  booking: z.object({
    _id: z.string(),
    bookingId: z.string(),
    name: z.string(),
    source: z.string(),
    date: z.string(),
    time: z.string(),
    tour: z.string(),
  }),
  checkedIn: z.number().describe('Guests checked in when the change was refused.'),
  /** What the change asked for: each field from the booking's value then to the asked one; `Cancelled` alone. */
  wanted: z.array(z.object({ field: z.string(), from: z.string().optional(), to: z.string().optional() })),
  code: z.enum(['COUNTS_BELOW_CHECKED_IN', 'CANCEL_CHECKED_IN', 'MOVE_CHECKED_IN']),
});
export type RefusedChange = z.infer<typeof refusedChangeSchema>;

export const importParamsSchema = z.strictObject({ id: z.uuid() });

/** One of an import's bookings that was checked in or changed since (409 `IMPORT_CHANGED_SINCE`'s `details`). */
export const changedBookingSchema = z.object({
  _id: z.string(),
  bookingId: z.string(),
  name: z.string(),
  /** The first change since the import: `booking.checkedIn`, `booking.edited`, … */
  change: z.string(),
});
export type ChangedBooking = z.infer<typeof changedBookingSchema>;
