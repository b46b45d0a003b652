import { z } from 'zod';
import {
  COUNT_FIELDS,
  DATE_FORMAT_IDS,
  DELIMITERS,
  ENCODINGS,
  IMPORT_COLUMNS_MAX,
  IMPORT_FIELDS,
  IMPORT_FIELD_LABELS,
  REQUIRED_FIELDS,
  type DelimiterName,
  type ImportField,
} from '../imports';

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
    fileName: z.string().trim().min(1, 'File name is required').max(200),
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

/** An import as the event log recorded it. */
export const pastImportSchema = z.object({
  at: z.string(),
  by: z.string(),
  fileName: z.string(),
  created: z.number(),
  updated: z.number(),
  cancelled: z.number(),
  rejected: z.number(),
});
export type PastImport = z.infer<typeof pastImportSchema>;
