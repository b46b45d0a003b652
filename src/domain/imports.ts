// CSV import of channel bookings: the fields a file's columns map to, the formats, the outcomes.
import type { BookingChange } from './bookingChanges';
import { formatMessage, msg, type MessageValues } from './messageFormat';

export const IMPORT_FIELDS = [
  'reference',
  'name',
  'date',
  'time',
  'tour',
  'source',
  'phone',
  'adults',
  'teens',
  'children',
  'cancelled',
] as const;
export type ImportField = (typeof IMPORT_FIELDS)[number];

export const IMPORT_FIELD_LABELS: Record<ImportField, string> = {
  reference: msg('Booking ID'),
  name: msg('Name'),
  date: msg('Date'),
  time: msg('Time'),
  tour: msg('Tour'),
  source: msg('Source'),
  phone: msg('Phone'),
  adults: msg('Adults'),
  teens: msg('Teens'),
  children: msg('Children'),
  cancelled: msg('Cancelled'),
};

/** Without these a row cannot be a booking; the source may instead be one for the whole file. */
export const REQUIRED_FIELDS: readonly ImportField[] = ['reference', 'name', 'date', 'time', 'tour'];
export const COUNT_FIELDS = ['adults', 'teens', 'children'] as const;
export type CountField = (typeof COUNT_FIELDS)[number];

/** The date formats a file may use; `pattern` is date-fns's, lenient on leading zeros. */
export const DATE_FORMATS = [
  { id: 'yyyy-MM-dd', pattern: 'yyyy-M-d', example: '2026-11-25' },
  { id: 'dd/MM/yyyy', pattern: 'd/M/yyyy', example: '25/11/2026' },
  { id: 'MM/dd/yyyy', pattern: 'M/d/yyyy', example: '11/25/2026' },
  { id: 'dd.MM.yyyy', pattern: 'd.M.yyyy', example: '25.11.2026' },
  { id: 'dd-MM-yyyy', pattern: 'd-M-yyyy', example: '25-11-2026' },
  { id: 'd MMM yyyy', pattern: 'd MMM yyyy', example: '25 Nov 2026' },
  { id: 'MMM d, yyyy', pattern: 'MMM d, yyyy', example: 'Nov 25, 2026' },
] as const;
export type DateFormatId = (typeof DATE_FORMATS)[number]['id'];
export const DATE_FORMAT_IDS = DATE_FORMATS.map((f) => f.id) as [DateFormatId, ...DateFormatId[]];

export const DELIMITERS = { comma: ',', semicolon: ';', tab: '\t' } as const;
export type DelimiterName = keyof typeof DELIMITERS;
export const DELIMITER_LABELS: Record<DelimiterName, string> = {
  comma: msg('Comma (,)'),
  semicolon: msg('Semicolon (;)'),
  tab: msg('Tab'),
};

export const ENCODINGS = ['utf-8', 'utf-16le', 'utf-16be', 'windows-1252'] as const;
export type ImportEncoding = (typeof ENCODINGS)[number];

export const IMPORT_OUTCOMES = ['create', 'update', 'cancel', 'unchanged', 'reject'] as const;
export type ImportOutcome = (typeof IMPORT_OUTCOMES)[number];

/** Rows listed per outcome in an answer; the counts cover every row. */
export const IMPORT_LISTED_MAX = 500;
export const IMPORT_BYTES_MAX = 64 * 1024 * 1024;
/** How much of the file's start the server reads for its columns. */
export const INSPECT_BYTES_MAX = 256 * 1024;
export const IMPORT_COLUMNS_MAX = 200;

/** Which column (0-based) holds each field; unmapped fields are left out. */
export type ImportColumns = Partial<Record<ImportField, number>>;

/**
 * Why a row was rejected or left unchanged, as words each reader's screen puts in its language: the field it names
 * (its label first: "Tour: …"), an English ICU message (`msg`) and its values.
 */
export interface ImportReason {
  field?: ImportField;
  message: string;
  values?: MessageValues;
}

const FIELD_REASON = msg('{field}: {reason}');

/** A reason in words: English by default (the answer's `reason`), or a screen's `t`. */
export function reasonText(
  reason: ImportReason,
  words: (message: string, values?: MessageValues) => string = formatMessage,
) {
  const why = words(reason.message, reason.values);
  return reason.field ? words(FIELD_REASON, { field: words(IMPORT_FIELD_LABELS[reason.field]), reason: why }) : why;
}

/** A row's reasons, by the import's steps that refuse or skip a row (the field reasons are in importRow.ts). */
export const ROW_REASONS = {
  notCsv: msg('Not readable as CSV: {error}'),
  sameBooking: msg('The same booking as row {row}'),
  changedMeanwhile: msg('Changed in Tourdesk meanwhile: import the file again'),
  noDeparture: msg('the timetable has no departure of {tour} at {time} that day'),
  overCapacity: msg(
    'Over capacity: {left, plural, =0 {no seats left on this departure} one {only # seat left on this departure} other {only # seats left on this departure}} ({tour} at {time}, {capacity} seats)',
  ),
};

/** One listed row of a preview or an import: its row number in the file (the header is row 1). */
export interface ImportRowResult {
  row: number;
  outcome: ImportOutcome;
  reference: string;
  name: string;
  date: string;
  /** Why a row was rejected or left unchanged, or what an update changes, in English. */
  reason?: string;
  /** `reason` of a rejected or unchanged row as a message the reader's screen words (absent from older answers). */
  reasonMessage?: ImportReason;
  /** What an update changes, as `reason` says it: each field by its English name (`Adults`), the values as shown. */
  changes?: BookingChange[];
}

/** Distinct tour names a file uses that match no tour, listed in an answer (most rows first). */
export const UNKNOWN_TOURS_LISTED_MAX = 50;
/** Distinct such names counted, the first ones met: a file of a million names is tallied in bounded memory. */
export const UNKNOWN_TOURS_TALLIED_MAX = 1000;

export interface ImportSummary {
  rows: number;
  counts: Record<ImportOutcome, number>;
  listed: ImportRowResult[];
  /** The file's tour names that are no tour's name or other name, with how many rows use each. */
  unknownTours: Array<{ name: string; rows: number }>;
}

/** A line of the preview's and the import's answer (newline-delimited JSON). */
export type ImportProgress =
  | { type: 'progress'; rows: number; bytes: number }
  | { type: 'done'; summary: ImportSummary }
  | { type: 'error'; error: string };

export const emptyCounts = (): Record<ImportOutcome, number> => ({
  create: 0,
  update: 0,
  cancel: 0,
  unchanged: 0,
  reject: 0,
});

/**
 * How an import stands: `running`; `finished`, the whole file read; `stopped` before the file's end, by an error or
 * an upload cut short; `interrupted`, its server stopped mid-file.
 */
export const IMPORT_STATUSES = ['running', 'finished', 'stopped', 'interrupted'] as const;
export type ImportStatus = (typeof IMPORT_STATUSES)[number];

/** A running import shows a sign of life at least this often, even while its file is slow to arrive. */
export const IMPORT_BEAT_MS = 20_000;
/** A running import silent for longer died with its server. */
export const IMPORT_SILENT_MS = 3 * IMPORT_BEAT_MS;

/** An import's status as recorded, read at `now`: one still running when last heard of long ago was interrupted. */
export function importStatus(recorded: ImportStatus, aliveAt: Date, now: Date): ImportStatus {
  return recorded === 'running' && now.getTime() - aliveAt.getTime() > IMPORT_SILENT_MS ? 'interrupted' : recorded;
}
