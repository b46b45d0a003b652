import type { Booking } from '../../../src/domain/booking';
import { CUSTOMER_TYPES, type CustomerCounts } from '../../../src/domain/customerTypes';
import { GUIDE_HIDDEN_MESSAGE, canModifySlot, canSeeSlot, type SlotRef } from '../../../src/domain/slotRules';
import type { Db } from '../../db/client';
import type { AuthContext, CompanySettings } from '../../db/signedIn';
import { BadRequestError, ConflictError, ForbiddenError, NotFoundError, type AppError } from '../../errors';
import { listSourceLabels, listTourNames } from '../companies/companies.repository';
import { findActiveMemberByName } from '../users/users.repository';
import { findBooking } from './bookingReads.repository';
import type { BookingRow } from './bookings.repository';
import { ERROR_MESSAGES } from '../../../src/domain/errorMessages';

/** The rules every booking write shares: the Guide's window and lock, known members, sources and tours. */

export const SLOT_LOCKED = ERROR_MESSAGES.SLOT_LOCKED;

export function assertVisible(auth: AuthContext, company: CompanySettings, slot: SlotRef, now: Date): void {
  if (!canSeeSlot(auth.role, company, slot, now)) throw new ForbiddenError(GUIDE_HIDDEN_MESSAGE, 'SLOT_HIDDEN');
}

export function assertModifiable(auth: AuthContext, company: CompanySettings, slot: SlotRef, now: Date): void {
  assertVisible(auth, company, slot, now);
  if (!canModifySlot(auth.role, company, slot, now)) throw new ForbiddenError(SLOT_LOCKED, 'SLOT_LOCKED');
}

/** A booking the caller may change now: this company's, in a slot not locked for them, not cancelled. */
export async function modifiableBooking(tx: Db, auth: AuthContext, bookingId: string, now: Date): Promise<BookingRow> {
  const row = await findBooking(tx, auth.companyId, bookingId);
  if (!row) throw new NotFoundError('Booking not found');
  assertModifiable(auth, auth.company, { day: row.date, time: row.time }, now);
  if (row.cancelled) throw cancelledError();
  return row;
}

/** Who leads a booking, as its columns hold it: the member's id, and their name as shown. */
export interface GuideRef {
  guideId: string | null;
  guide: string | null;
}

export const NO_GUIDE: GuideRef = { guideId: null, guide: null };

/** Bookings name their guide: the name must be one of the company's active members (names are unique among them). */
export async function guideNamed(db: Db, companyId: string, name: string): Promise<GuideRef> {
  const member = await findActiveMemberByName(db, companyId, name);
  if (!member) throw new BadRequestError(`${name} is not a member of this company`, 'UNKNOWN_GUIDE');
  return { guideId: member.id, guide: member.name };
}

/** `undefined` leaves the booking's guide alone: only members with `assignable` may check in as someone. */
export async function chosenGuide(
  tx: Db,
  auth: AuthContext,
  chosen: string | null | undefined,
): Promise<GuideRef | undefined> {
  if (!auth.assignable || !chosen) return undefined;
  return guideNamed(tx, auth.companyId, chosen);
}

export async function assertKnownSource(tx: Db, companyId: string, source: string): Promise<void> {
  if (!(await listSourceLabels(tx, companyId)).includes(source)) {
    throw new BadRequestError(`source: ${source} is not one of this company's sources`, 'UNKNOWN_SOURCE');
  }
}

export async function assertKnownTour(tx: Db, companyId: string, tour: string): Promise<void> {
  if (!(await listTourNames(tx, companyId)).some((known) => known.label === tour)) {
    throw new BadRequestError(`tour: ${tour} is not one of this company's tours`, 'UNKNOWN_TOUR');
  }
}

export function assertAttendeesBooked(attended: CustomerCounts, booked: CustomerCounts): void {
  for (const type of CUSTOMER_TYPES) {
    if (attended[type] > booked[type]) {
      throw new BadRequestError(
        `${type}: ${attended[type]} checked in but only ${booked[type]} booked`,
        'ATTENDEES_OVER_BOOKED',
      );
    }
  }
}

export function cancelledError(): AppError {
  return new ConflictError(ERROR_MESSAGES.BOOKING_CANCELLED, 'BOOKING_CANCELLED');
}

export function staleError(current: Booking): AppError {
  return new ConflictError(
    'Someone else changed this booking meanwhile. Check the current details and try again.',
    'STALE_BOOKING',
    { current },
  );
}
