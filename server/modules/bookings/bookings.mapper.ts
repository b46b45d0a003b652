import type { Role } from '../../../src/domain/auth';
import { CUSTOMER_TYPES, listFromCounts, type CustomerCounts } from '../../../src/domain/customerTypes';
import type { Booking } from '../../../src/domain/booking';
import { differencesText, type ShownFields } from '../../../src/domain/bookingChanges';
import type { CompanySettings } from '../companies/companies.repository';
import type { BookingRow } from './bookings.repository';

export interface Viewer {
  role: Role;
  showPhone: boolean;
  showSource: boolean;
}

/** Spec §6: phones by the company's per-role setting; source labels when `display` is on or for Managers. */
export function viewerOf(role: Role, company: CompanySettings): Viewer {
  return {
    role,
    showPhone: role === 'Manager' ? company.showPhoneToManagers : company.showPhoneToGuides,
    showSource: role === 'Manager' || company.display,
  };
}

export function bookedCounts(row: Pick<BookingRow, 'adults' | 'teens' | 'children'>): CustomerCounts {
  return { Adults: row.adults, Teens: row.teens, Children: row.children };
}

export function attendedCounts(
  row: Pick<BookingRow, 'attendedAdults' | 'attendedTeens' | 'attendedChildren'>,
): CustomerCounts {
  return { Adults: row.attendedAdults, Teens: row.attendedTeens, Children: row.attendedChildren };
}

/** A label's segment of a `differences` text written before migration 0009 (e.g. "Phone: a → b"). */
const HIDDEN_LABELS = { phone: 'Phone: ', source: 'Source: ' } as const;

/**
 * The last edit's account without what this viewer may not see (spec §6), wherever it is shown. Rows edited before
 * `changes` existed keep only text, whose hidden fields are dropped by their labels.
 */
function shownDifferences(row: BookingRow, viewer: Viewer): string | null {
  const shown: ShownFields = { phone: viewer.showPhone, source: viewer.showSource };
  if (row.changes) return differencesText(row.changes, shown) || null;
  if (!row.differences || (shown.phone && shown.source)) return row.differences;
  const hidden = (Object.keys(HIDDEN_LABELS) as Array<keyof ShownFields>).filter((field) => !shown[field]);
  const segments = row.differences
    .split('; ')
    .filter((segment) => !hidden.some((field) => segment.startsWith(HIDDEN_LABELS[field])));
  return segments.join('; ') || null;
}

export function toBookingDto(row: BookingRow, viewer: Viewer): Booking {
  const booked = bookedCounts(row);
  // The attendees list names every booked type, so the check-in form offers each one.
  const bookedTypes = CUSTOMER_TYPES.filter((type) => booked[type] > 0);
  const dto: Booking = {
    _id: row.id,
    bookingId: row.bookingId,
    reference: row.reference,
    name: row.name,
    company: row.companyId,
    customers: listFromCounts(booked),
    attendees: listFromCounts(attendedCounts(row), bookedTypes),
    pax: row.pax,
    date: row.date,
    time: row.time,
    tour: row.tour,
    cancelled: row.cancelled,
    manual: row.manual,
    modifiedBy: row.modifiedBy,
    differences: shownDifferences(row, viewer),
    guide: row.guide,
    createdAt: row.createdAt.toISOString(),
    version: row.version,
  };
  if (viewer.showSource) dto.source = row.source;
  if (viewer.showPhone) dto.phone = row.phone;
  return dto;
}

/**
 * A booking answered earlier (an `Idempotency-Key` retry) as this viewer may see it now: the stored answer's own
 * facts, and what the viewer is shown of the booking (phone, source, the last edit's account) read from it as it is
 * now, so that a rule changed since applies as it would to a fresh read.
 */
export function storedBookingFor(stored: Booking, current: BookingRow, viewer: Viewer): Booking {
  const { phone: _phone, source: _source, ...facts } = stored;
  const shown = toBookingDto(current, viewer);
  return {
    ...facts,
    differences: shown.differences,
    ...(shown.source !== undefined ? { source: shown.source } : {}),
    ...(shown.phone !== undefined ? { phone: shown.phone } : {}),
  };
}
