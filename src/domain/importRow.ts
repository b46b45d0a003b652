import { format, isValid, parse } from 'date-fns';
import { ADD_ADULTS_MAX, ADD_OTHER_MAX, MANUAL_BOOKING_ID, NAME_MAX, isValidPhone } from './booking';
import { isManualReference, MANUAL_REFERENCE_MESSAGE } from './bookingUpsert';
import type { CustomerCounts } from './customerTypes';
import { DAY_FORMAT, isCalendarDay } from './dates';
import {
  DATE_FORMATS,
  reasonText,
  type CountField,
  type DateFormatId,
  type ImportColumns,
  type ImportField,
  type ImportReason,
} from './imports';
import { msg, type MessageValues } from './messageFormat';

/** A row read as a booking, before it is compared with the company's. */
export interface ImportedBooking {
  reference: string;
  source: string;
  name: string;
  date: string;
  time: string;
  tour: string;
  /** Undefined when the file has no phone column: the booking's phone stays as it is. */
  phone: string | null | undefined;
  counts: CustomerCounts;
  cancelled: boolean;
}

/** The company's tours and sources by their lower-case names: a file's "old town walk" is the Old Town Walk. */
export interface ImportCatalog {
  tours: Map<string, string>;
  sources: Map<string, string>;
}

export interface RowPlan {
  columns: ImportColumns;
  dateFormat: DateFormatId;
  /** Every row's source, when the file has no source column. */
  fixedSource?: string;
}

/** A row that is no booking: why (in English, and as a message), and the tour name it used when that name is no tour's. */
export type ReadRow =
  { booking: ImportedBooking } | { reason: string; reasonMessage: ImportReason; unknownTour?: string };

const REFERENCE_MAX = 120;
const COUNT_MAX = { adults: ADD_ADULTS_MAX, teens: ADD_OTHER_MAX, children: ADD_OTHER_MAX };
const YES = new Set(['yes', 'y', 'true', '1', 'x', 'cancelled', 'canceled', 'cancel']);
const NO = new Set(['', 'no', 'n', 'false', '0', 'confirmed', 'active', 'booked', 'ok']);
const TIME_PART = /(\d{1,2}):(\d{2})(?::\d{2}(?:\.\d+)?)?\s*(?:([AaPp])\.?[Mm]\.?)?/g;
/** A time after a date in one cell ("25/11/2026 10:00", ISO's "2026-11-25T10:00:00Z"). */
const TRAILING_TIME = /[T\s]+\d{1,2}:\d{2}(?::\d{2}(?:\.\d+)?)?\s*(?:[AaPp]\.?[Mm]\.?)?(?:Z|[+-]\d{2}:?\d{2})?$/;
const REFERENCE_DAY = new Date(2000, 0, 1);

/** Why a cell is no booking's, after the field's name ("Name: missing"). */
const WHY = {
  missing: msg('missing'),
  nul: msg('text cannot contain NUL characters'),
  tooLong: msg('longer than {max} characters'),
  notDate: msg('"{value}" is not a date as {format}'),
  notTime: msg('"{value}" is not a time'),
  notWholeNumber: msg('"{value}" is not a whole number'),
  moreThan: msg('{value} is more than {max}'),
  notSource: msg('"{value}" is not one of this company\'s sources (Settings)'),
  notTour: msg('"{value}" is not one of this company\'s tours or their other names (Settings)'),
  notPhone: msg('"{value}" is not a phone number'),
  notYesNo: msg('"{value}" is not yes or no'),
  noGuest: msg('a booking has at least one guest'),
};

class RowError extends Error {
  constructor(
    readonly reason: ImportReason,
    readonly unknownTour?: string,
  ) {
    super(reasonText(reason));
  }
}
const refuse = (field: ImportField, message: string, values?: MessageValues, unknownTour?: string): never => {
  throw new RowError({ field, message, ...(values && { values }) }, unknownTour);
};

function readDate(cell: string, formatId: DateFormatId): string {
  const pattern = DATE_FORMATS.find((f) => f.id === formatId)?.pattern ?? formatId;
  const parsed = parse(cell.replace(TRAILING_TIME, ''), pattern, REFERENCE_DAY);
  const day = isValid(parsed) ? format(parsed, DAY_FORMAT) : '';
  if (isCalendarDay(day)) return day;
  return cell ? refuse('date', WHY.notDate, { value: cell, format: formatId }) : refuse('date', WHY.missing);
}

function readTime(cell: string): string {
  const match = [...cell.matchAll(TIME_PART)].at(-1);
  if (!match) return cell ? refuse('time', WHY.notTime, { value: cell }) : refuse('time', WHY.missing);
  let hours = Number(match[1]);
  const meridiem = match[3]?.toLowerCase();
  if (meridiem && (hours < 1 || hours > 12)) refuse('time', WHY.notTime, { value: cell });
  if (meridiem === 'a' && hours === 12) hours = 0;
  if (meridiem === 'p' && hours < 12) hours += 12;
  if (hours > 23 || Number(match[2]) > 59) refuse('time', WHY.notTime, { value: cell });
  return `${String(hours).padStart(2, '0')}:${match[2]}`;
}

function readCount(cell: string, field: CountField): number {
  if (cell === '') return 0;
  if (!/^\d+$/.test(cell)) refuse(field, WHY.notWholeNumber, { value: cell });
  const count = Number(cell);
  // The count as the file's digits, the limit as the reader writes numbers.
  return count > COUNT_MAX[field]
    ? refuse(field, WHY.moreThan, { value: String(count), max: COUNT_MAX[field] })
    : count;
}

function named(catalog: Map<string, string>, cell: string, field: 'tour' | 'source'): string {
  if (!cell) refuse(field, WHY.missing);
  if (field === 'source') return catalog.get(cell.toLowerCase()) ?? refuse(field, WHY.notSource, { value: cell });
  return catalog.get(cell.toLowerCase()) ?? refuse(field, WHY.notTour, { value: cell }, cell);
}

/** One data row as a booking, or the first reason it cannot be one, naming the field. */
export function readImportRow(cells: readonly string[], plan: RowPlan, catalog: ImportCatalog): ReadRow {
  const cell = (field: keyof ImportColumns) => {
    const column = plan.columns[field];
    const text = column === undefined ? '' : (cells[column] ?? '').trim();
    // The database stores no NUL: such a row is refused here, as the preview says, not by a failing batch.
    return text.includes('\u0000') ? refuse(field, WHY.nul) : text;
  };
  try {
    const reference = cell('reference');
    if (!reference) refuse('reference', WHY.missing);
    if (reference.length > REFERENCE_MAX) refuse('reference', WHY.tooLong, { max: REFERENCE_MAX });
    if (isManualReference(reference)) refuse('reference', MANUAL_REFERENCE_MESSAGE, { reference: MANUAL_BOOKING_ID });
    const name = cell('name');
    if (!name) refuse('name', WHY.missing);
    if (name.length > NAME_MAX) refuse('name', WHY.tooLong, { max: NAME_MAX });
    const date = readDate(cell('date'), plan.dateFormat);
    const time = readTime(cell('time'));
    const tour = named(catalog.tours, cell('tour'), 'tour');
    const source = named(catalog.sources, plan.fixedSource ?? cell('source'), 'source');
    const phone = cell('phone');
    if (phone && !isValidPhone(phone)) refuse('phone', WHY.notPhone, { value: phone });
    const cancelledCell = cell('cancelled').toLowerCase();
    if (!YES.has(cancelledCell) && !NO.has(cancelledCell))
      refuse('cancelled', WHY.notYesNo, { value: cell('cancelled') });
    const cancelled = YES.has(cancelledCell);
    const counts = {
      Adults: readCount(cell('adults'), 'adults'),
      Teens: readCount(cell('teens'), 'teens'),
      Children: readCount(cell('children'), 'children'),
    };
    if (!cancelled && counts.Adults + counts.Teens + counts.Children === 0) {
      refuse('adults', WHY.noGuest);
    }
    const phoneOrNone = plan.columns.phone === undefined ? undefined : phone || null;
    return { booking: { reference, source, name, date, time, tour, phone: phoneOrNone, counts, cancelled } };
  } catch (err) {
    if (err instanceof RowError) {
      const { message: reason, reason: reasonMessage, unknownTour } = err;
      return { reason, reasonMessage, ...(unknownTour && { unknownTour }) };
    }
    throw err;
  }
}

/** A row's own words for its booking, to list it even when it cannot be read. */
export function rowLabel(cells: readonly string[], columns: ImportColumns) {
  const cell = (field: keyof ImportColumns) => {
    const column = columns[field];
    return column === undefined ? '' : (cells[column] ?? '').trim().slice(0, 200);
  };
  return { reference: cell('reference'), name: cell('name'), date: cell('date') };
}

/** The date format that reads the most sample dates (a day over 12 tells day-first from month-first). */
export function guessDateFormat(samples: readonly string[]): DateFormatId {
  const dates = samples.map((s) => s.trim()).filter(Boolean);
  const reads = (id: DateFormatId) =>
    dates.filter((cell) => {
      try {
        return Boolean(readDate(cell, id));
      } catch {
        return false;
      }
    }).length;
  let best: DateFormatId = DATE_FORMATS[0].id;
  for (const { id } of DATE_FORMATS) if (reads(id) > reads(best)) best = id;
  return best;
}
