import type { Booking, CheckInBody } from '../../../src/domain/booking';
import { deviceTimeAccepted, mergeCheckIn } from '../../../src/domain/checkInMerge';
import {
  CUSTOMER_TYPES,
  countsFromList,
  type CustomerCounts,
  type CustomerType,
} from '../../../src/domain/customerTypes';
import type { CheckInConflict } from '../../../src/domain/schemas/booking';
import type { Db } from '../../db/client';
import type { AuthContext, Caller } from '../../db/signedIn';
import type { Tenancy } from '../../db/tenancy';
import { BadRequestError, NotFoundError } from '../../errors';
import { recordEvents } from '../eventLog/eventLog';
import { followAssignment } from './shiftHeads';
import { fingerprint, idempotent, type Answer } from '../idempotency/idempotent';
import { attendanceFacts, slotOfBooking } from './bookingFacts';
import { attendedCounts, bookedCounts, storedBookingFor, toBookingDto, viewerOf } from './bookings.mapper';
import { findBooking } from './bookingReads.repository';
import { checkInBooking, lastChangeOf } from './bookings.repository';
import { assertAttendeesBooked, assertVisible, chosenGuide, modifiableBooking, staleError } from './bookings.rules';

/** Check-ins racing other writes of the same booking retry this often before answering 409. */
const CHECK_IN_ATTEMPTS = 5;

export interface CheckInConflictBody {
  error: string;
  code: 'CHECK_IN_CONFLICT';
  current: Booking;
  conflicts: CheckInConflict[];
}

const madeAtRefused = () =>
  new BadRequestError('madeAt: a check-in must be sent within 12 hours, from a clock that is not ahead', 'VALIDATION');

/**
 * Spec §4 check-in, and street mode's rules for one made offline: sent again with the same `Idempotency-Key` it
 * applies once; made on the counts the device saw (`base`), it keeps another device's changes since (a conflict
 * per type, answered 409 with what was applied); the lock is judged at the device's time (`madeAt`), within bounds.
 */
export class CheckInsService {
  /** `onReplay` hears of each check-in sent again with a key already applied (the outbox's retries, for metrics). */
  constructor(
    private readonly tenancy: Tenancy,
    private readonly now: () => Date = () => new Date(),
    private readonly onReplay: () => void = () => undefined,
  ) {}

  checkIn(
    caller: Caller,
    bookingId: string,
    body: CheckInBody,
    key?: string,
  ): Promise<Answer<Booking | CheckInConflictBody>> {
    const wanted = countsFromList(body.attendees);
    const base = body.base ? countsFromList(body.base) : undefined;
    const madeAt = body.madeAt ? new Date(body.madeAt) : undefined;
    if (madeAt && !deviceTimeAccepted(madeAt, this.now())) throw madeAtRefused();
    const request = { key, fingerprint: fingerprint('PATCH', `/api/bookings/${bookingId}`, body) };
    const judgedAt = madeAt ?? this.now();
    return this.tenancy.runAs(caller, (tx, auth) => {
      const replay = (stored: Answer<Booking | CheckInConflictBody>) => {
        this.onReplay();
        return this.replay(tx, auth, bookingId, stored, judgedAt);
      };
      return idempotent<Booking | CheckInConflictBody>(tx, auth, request, replay, async () => {
        const viewer = viewerOf(auth.role, auth.company);
        const guide = await chosenGuide(tx, auth, body.chosenGuide);
        for (let attempt = 1; ; attempt++) {
          const row = await modifiableBooking(tx, auth, bookingId, judgedAt);
          const server = attendedCounts(row);
          const merged = mergeCheckIn(server, wanted, base);
          assertAttendeesBooked(merged.counts, bookedCounts(row));
          const last = merged.conflicts.length > 0 ? await lastChangeOf(tx, auth.companyId, row.id) : undefined;
          const answer = (booking: Booking): Answer<Booking | CheckInConflictBody> =>
            merged.conflicts.length === 0
              ? { status: 200, body: booking }
              : { status: 409, body: conflictBody(booking, merged.conflicts, base, wanted, server, last) };
          // Made on what the device saw, and nothing to change (all done, or all another device's): no write, no event.
          if (base && guide === undefined && sameCounts(merged.counts, server)) {
            return answer(toBookingDto(row, viewer));
          }
          const updated = await checkInBooking(tx, auth.companyId, row.id, merged.counts, guide, row.version);
          if (updated) {
            const split =
              updated.guideId !== row.guideId ? await followAssignment(tx, auth.companyId, slotOfBooking(row)) : null;
            await recordEvents(tx, auth, [
              {
                kind: 'booking.checkedIn',
                bookingIds: [row.id],
                slot: slotOfBooking(row),
                before: { ...attendanceFacts(row), Guide: row.guide, ...split?.before },
                after: {
                  ...attendanceFacts(updated),
                  Guide: updated.guide,
                  ...split?.after,
                  Booked: updated.pax,
                  // The device's own time, beside the server's: the lock was judged at it.
                  ...(body.madeAt ? { 'Made at': body.madeAt } : {}),
                },
                operationId: key ?? null,
              },
            ]);
            return answer(toBookingDto(updated, viewer));
          }
          if (attempt === CHECK_IN_ATTEMPTS) throw staleError(toBookingDto(row, viewer));
        }
      });
    });
  }

  /**
   * A retry's stored answer as a fresh read would give it now: refused if the booking is now outside the caller's
   * window (judged, like the check-in itself, at the device's time), and the booking as their role is shown it now.
   */
  private async replay(
    tx: Db,
    auth: AuthContext,
    bookingId: string,
    stored: Answer<Booking | CheckInConflictBody>,
    judgedAt: Date,
  ): Promise<Answer<Booking | CheckInConflictBody>> {
    const current = await findBooking(tx, auth.companyId, bookingId);
    if (!current) throw new NotFoundError('Booking not found');
    assertVisible(auth, auth.company, { day: current.date, time: current.time }, judgedAt);
    const viewer = viewerOf(auth.role, auth.company);
    const body = stored.body;
    if ('conflicts' in body) {
      return { status: stored.status, body: { ...body, current: storedBookingFor(body.current, current, viewer) } };
    }
    return { status: stored.status, body: storedBookingFor(body, current, viewer) };
  }
}

function conflictBody(
  current: Booking,
  types: CustomerType[],
  base: CustomerCounts | undefined,
  wanted: CustomerCounts,
  server: CustomerCounts,
  last: { memberName: string | null; at: Date } | undefined,
): CheckInConflictBody {
  const conflicts = types.map((type) => ({
    type,
    base: (base as CustomerCounts)[type],
    yours: wanted[type],
    theirs: server[type],
    by: last?.memberName ?? null,
    at: last?.at.toISOString() ?? null,
  }));
  const error = 'Checked in on another device meanwhile: their counts were kept';
  return { error, code: 'CHECK_IN_CONFLICT', current, conflicts };
}

const sameCounts = (a: CustomerCounts, b: CustomerCounts) => CUSTOMER_TYPES.every((type) => a[type] === b[type]);
