import type { Role } from '../../../src/domain/auth';
import { CUSTOMER_TYPES, listFromCounts, type CustomerCounts } from '../../../src/domain/customerTypes';
import type { Booking } from '../../../src/domain/booking';
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

export function toBookingDto(row: BookingRow, viewer: Viewer): Booking {
  const booked = bookedCounts(row);
  // The attendees list names every booked type, so the check-in form offers each one.
  const bookedTypes = CUSTOMER_TYPES.filter((type) => booked[type] > 0);
  const dto: Booking = {
    _id: row.id,
    bookingId: row.bookingId,
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
    differences: row.differences,
    guide: row.guide,
    createdAt: row.createdAt.toISOString(),
    version: row.version,
  };
  if (viewer.showSource) dto.source = row.source;
  if (viewer.showPhone) dto.phone = row.phone;
  return dto;
}
