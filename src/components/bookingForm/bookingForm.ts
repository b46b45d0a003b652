// Form state of the edit and add booking dialogs, kept pure so the rules are read (and tested) apart from MUI.
import { format, isValid, parse } from 'date-fns';
import type { Role } from '../../domain/auth';
import {
  EDIT_COUNT_MAX,
  NAME_MAX,
  PHONE_INVALID,
  isValidPhone,
  type Booking,
  type EditBookingBody,
} from '../../domain/booking';
import { describeDifferences, type BookingSnapshot } from '../../domain/bookingChanges';
import type { Company } from '../../domain/company';
import {
  CUSTOMER_TYPES,
  CUSTOMER_TYPE_LABELS,
  countsFromList,
  listFromCounts,
  totalCount,
  type CustomerType,
} from '../../domain/customerTypes';
import { DAY_FORMAT, TIME_PATTERN } from '../../domain/dates';
import { translate } from '../../services/i18n/language';

/** Number inputs hand back text: only a plain whole number counts, so "1.5", "-1" and "" are refused. */
export function parseCount(raw: string): number | null {
  const text = raw.trim();
  return /^\d{1,4}$/.test(text) ? Number(text) : null;
}

// The messages below are worded in the reader's language as the form renders (translate), like its fields.

/** The rule shown under a count before anything is typed; its error says the same range. */
export const countHint = (min: number, max: number) => translate('{min} to {max}', { min, max });

/** `label`: the field's label as shown (already in the reader's language). */
export function countError(label: string, raw: string, min: number, max: number): string | null {
  const count = parseCount(raw);
  return count !== null && count >= min && count <= max
    ? null
    : translate('{label} must be a whole number from {min} to {max}', { label, min, max });
}

/** One more or one fewer, kept in the field's range; text that is not a count starts from the range's end. */
export function steppedCount(raw: string, step: 1 | -1, min: number, max: number): string {
  const count = parseCount(raw);
  const next = count === null ? (step > 0 ? min : max) : count + step;
  return String(Math.min(max, Math.max(min, next)));
}

export function phoneError(phone: string): string | null {
  return phone.trim() === '' || isValidPhone(phone.trim()) ? null : translate(PHONE_INVALID);
}

export function nameError(name: string): string | null {
  if (name.trim() === '') return translate('Name is required');
  return name.trim().length > NAME_MAX
    ? translate('The name can have at most {max} characters', { max: NAME_MAX })
    : null;
}

/** Options of a select: the company's list, plus the current value when the company no longer has it. */
export function withCurrent(options: string[], current: string): string[] {
  return current === '' || options.includes(current) ? options : [current, ...options];
}

// ---- Edit -------------------------------------------------------------------------------------------------

export interface EditForm {
  name: string;
  counts: Partial<Record<CustomerType, string>>;
  source: string;
  phone: string;
  time: string;
  tour: string;
  /** Null, or an invalid Date, while the picker holds no complete date. */
  date: Date | null;
  cancelled: boolean;
}

export interface EditErrors {
  name: string | null;
  counts: Partial<Record<CustomerType, string>>;
  phone: string | null;
  time: string | null;
  tour: string | null;
  date: string | null;
}

export function timeError(time: string): string | null {
  if (time.trim() === '') return translate('Time is required');
  return TIME_PATTERN.test(time.trim()) ? null : translate('Enter the time as HH:mm, e.g. 09:30');
}

/** Spec §6: phones only for the roles the company shows them to; a booking without the key was sent without. */
export function phoneShown(booking: Booking, role: Role, company: Company): boolean {
  const shownToRole = role === 'Manager' ? company.showPhoneToManagers : company.showPhoneToGuides;
  return shownToRole && 'phone' in booking;
}

export function editFormFrom(booking: Booking): EditForm {
  const counts = countsFromList(booking.customers);
  return {
    name: booking.name,
    // Every type, not only the booked ones: "5 adults" can become "4 adults + 1 child" (spec §5: 0 to 15 each).
    counts: Object.fromEntries(CUSTOMER_TYPES.map((type) => [type, String(counts[type])])),
    source: booking.source ?? '',
    phone: booking.phone ?? '',
    time: booking.time,
    tour: booking.tour,
    date: parse(booking.date, DAY_FORMAT, new Date()),
    cancelled: booking.cancelled,
  };
}

/** A hidden phone is never the reason Save stays disabled: the user could not see or fix it. */
export function editErrors(form: EditForm, showPhone: boolean): EditErrors {
  const counts: EditErrors['counts'] = {};
  for (const [type, raw] of Object.entries(form.counts) as Array<[CustomerType, string]>) {
    const error = countError(translate(CUSTOMER_TYPE_LABELS[type]), raw, 0, EDIT_COUNT_MAX);
    if (error) counts[type] = error;
  }
  return {
    name: nameError(form.name),
    counts,
    phone: showPhone ? phoneError(form.phone) : null,
    time: timeError(form.time),
    tour: form.tour === '' ? translate('Tour is required') : null,
    date: form.date && isValid(form.date) ? null : translate('Pick the date as d/m/yyyy'),
  };
}

export function hasErrors(errors: EditErrors): boolean {
  const { counts, ...fields } = errors;
  return Object.keys(counts).length > 0 || Object.values(fields).some((error) => error !== null);
}

function bookingSnapshot(booking: Booking): BookingSnapshot {
  return {
    name: booking.name,
    counts: countsFromList(booking.customers),
    time: booking.time,
    tour: booking.tour,
    date: booking.date,
    source: booking.source ?? '',
    phone: booking.phone ?? null,
    cancelled: booking.cancelled,
  };
}

/** What the form would save; fields the user cannot see keep the booking's values. */
function formSnapshot(booking: Booking, form: EditForm, showPhone: boolean): BookingSnapshot {
  const before = bookingSnapshot(booking);
  const counts = { ...before.counts };
  for (const [type, raw] of Object.entries(form.counts) as Array<[CustomerType, string]>) {
    counts[type] = parseCount(raw) ?? Number.NaN;
  }
  return {
    name: form.name.trim(),
    counts,
    time: form.time.trim(),
    tour: form.tour,
    date: form.date && isValid(form.date) ? format(form.date, DAY_FORMAT) : '',
    source: booking.source === undefined ? before.source : form.source,
    phone: showPhone ? form.phone.trim() || null : before.phone,
    cancelled: form.cancelled,
  };
}

/** The readable change list (spec §3 `differences`); empty when nothing differs, which keeps Save disabled. */
export function editDifferences(booking: Booking, form: EditForm, showPhone: boolean): string {
  return describeDifferences(bookingSnapshot(booking), formSnapshot(booking, form, showPhone));
}

export function editBody(booking: Booking, form: EditForm, showPhone: boolean): EditBookingBody {
  const after = formSnapshot(booking, form, showPhone);
  return {
    bookingAfterEditServer: {
      name: after.name,
      // Every type is sent, a zero too: the server keeps the count of a type the edit leaves out.
      customers: listFromCounts(after.counts, CUSTOMER_TYPES),
      pax: totalCount(after.counts),
      time: after.time,
      tour: after.tour,
      ...(booking.source === undefined ? {} : { source: after.source }),
      date: after.date,
      cancelled: after.cancelled,
      ...(showPhone ? { phone: after.phone } : {}),
      differences: editDifferences(booking, form, showPhone),
    },
    _id: booking._id,
    version: booking.version,
  };
}

/** The booking as someone else saved it, when the server refused the edit as stale (409 STALE_BOOKING). */
export function staleCurrent(error: unknown): Booking | null {
  if (typeof error !== 'object' || error === null || !('data' in error)) return null;
  const data = error.data as { code?: unknown; current?: unknown } | null;
  return data?.code === 'STALE_BOOKING' && typeof data.current === 'object' && data.current !== null
    ? (data.current as Booking)
    : null;
}
