// Form state of the edit and add booking dialogs, kept pure so the rules are read (and tested) apart from MUI.
import { format, isValid, parse } from 'date-fns';
import type { AuthUser } from '../../domain/auth';
import {
  ADD_ADULTS_MAX,
  ADD_ADULTS_MIN,
  ADD_OTHER_MAX,
  EDIT_COUNT_MAX,
  NAME_MAX,
  PHONE_INVALID,
  describeDifferences,
  isValidPhone,
  type AddBookingBody,
  type Booking,
  type BookingSnapshot,
  type EditBookingBody,
} from '../../domain/booking';
import type { Source } from '../../domain/company';
import { WALKIN_SOURCE } from '../../domain/company';
import {
  CUSTOMER_TYPES,
  countsFromList,
  listFromCounts,
  totalCount,
  type CustomerType,
} from '../../domain/customerTypes';
import { DAY_FORMAT } from '../../domain/dates';

/** Number inputs hand back text: only a plain whole number counts, so "1.5", "-1" and "" are refused. */
export function parseCount(raw: string): number | null {
  const text = raw.trim();
  return /^\d{1,4}$/.test(text) ? Number(text) : null;
}

export function countError(raw: string, max: number): string | null {
  const count = parseCount(raw);
  return count !== null && count <= max ? null : `Enter a whole number from 0 to ${max}`;
}

export function phoneError(phone: string): string | null {
  return phone.trim() === '' || isValidPhone(phone.trim()) ? null : PHONE_INVALID;
}

export function nameError(name: string): string | null {
  if (name.trim() === '') return 'Name is required';
  return name.trim().length > NAME_MAX ? `At most ${NAME_MAX} characters` : null;
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

/** The types the booking was made with get an input each; a booking with none still gets Adults. */
export function bookedTypes(booking: Booking): CustomerType[] {
  const types = CUSTOMER_TYPES.filter((type) => booking.customers.some((entry) => entry[type] !== undefined));
  return types.length > 0 ? types : ['Adults'];
}

/** Spec §6: phones only for the roles the company shows them to; a booking without the key was sent without. */
export function phoneShown(booking: Booking, user: Pick<AuthUser, 'role' | 'company'>): boolean {
  const shownToRole = user.role === 'Manager' ? user.company.showPhoneToManagers : user.company.showPhoneToGuides;
  return shownToRole && 'phone' in booking;
}

export function editFormFrom(booking: Booking): EditForm {
  const counts = countsFromList(booking.customers);
  return {
    name: booking.name,
    counts: Object.fromEntries(bookedTypes(booking).map((type) => [type, String(counts[type])])),
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
    const error = countError(raw, EDIT_COUNT_MAX);
    if (error) counts[type] = error;
  }
  return {
    name: nameError(form.name),
    counts,
    phone: showPhone ? phoneError(form.phone) : null,
    time: form.time.trim() === '' ? 'Time is required' : null,
    tour: form.tour === '' ? 'Tour is required' : null,
    date: form.date && isValid(form.date) ? null : 'Pick a date',
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
      customers: listFromCounts(after.counts, bookedTypes(booking)),
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

// ---- Add --------------------------------------------------------------------------------------------------

export interface AddForm {
  name: string;
  adults: string;
  children: string;
  phone: string;
  source: string;
}

export interface AddErrors {
  name: string | null;
  adults: string | null;
  children: string | null;
  phone: string | null;
}

/** Spec §5: the source starts on Walkin when the company has it. */
export function addFormFor(sources: Source[]): AddForm {
  const walkin = sources.find((source) => source.label === WALKIN_SOURCE || source.id === WALKIN_SOURCE);
  return { name: '', adults: '1', children: '0', phone: '', source: (walkin ?? sources[0])?.label ?? '' };
}

export function addErrors(form: AddForm): AddErrors {
  const adults = parseCount(form.adults);
  return {
    name: nameError(form.name),
    adults:
      countError(form.adults, ADD_ADULTS_MAX) ??
      (adults !== null && adults < ADD_ADULTS_MIN ? `At least ${ADD_ADULTS_MIN} adult is required` : null),
    children: countError(form.children, ADD_OTHER_MAX),
    phone: phoneError(form.phone),
  };
}

export function addBody(form: AddForm, slot: { day: string; time: string; tour: string }): AddBookingBody {
  const adults = parseCount(form.adults) ?? 0;
  const children = parseCount(form.children) ?? 0;
  return {
    name: form.name.trim(),
    customers: [{ Adults: adults }, { Children: children }],
    pax: adults + children,
    attendees: [{ Adults: 0 }, { Children: 0 }],
    time: slot.time,
    tour: slot.tour,
    ...(form.source === '' ? {} : { source: form.source }),
    phone: form.phone.trim() || null,
    date: slot.day,
  };
}
