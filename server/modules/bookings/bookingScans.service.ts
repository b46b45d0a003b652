import { scanCandidates } from '../../../src/domain/bookingReference';
import type { BookingLookup } from '../../../src/domain/schemas/booking';
import type { Caller } from '../../db/signedIn';
import type { Tenancy } from '../../db/tenancy';
import { NotFoundError } from '../../errors';
import { findBooking } from './bookingReads.repository';
import { findScannedBooking, listScanPatterns } from './bookingScans.repository';
import { toBookingDto, viewerOf } from './bookings.mapper';
import { assertVisible } from './bookings.rules';

const notFound = () => new NotFoundError('Booking not found');

/** A booking's code (its QR), and the booking a scanned or typed code names: read as the booking is read. */
export class BookingScansService {
  constructor(
    private readonly tenancy: Tenancy,
    private readonly now: () => Date = () => new Date(),
  ) {}

  /** The booking's reference, for its QR code. */
  reference(caller: Caller, bookingId: string): Promise<string> {
    return this.tenancy.readAs(caller, async (tx, auth) => {
      const row = await findBooking(tx, auth.companyId, bookingId);
      if (!row) throw notFound();
      assertVisible(auth, auth.company, { day: row.date, time: row.time }, this.now());
      return row.reference;
    });
  }

  lookup(caller: Caller, code: string): Promise<BookingLookup> {
    return this.tenancy.readAs(caller, async (tx, auth) => {
      const patterns = await listScanPatterns(tx, auth.companyId);
      const row = await findScannedBooking(tx, auth.companyId, scanCandidates(code, patterns));
      if (!row) throw notFound();
      const slot = { day: row.date, time: row.time, tour: row.tour };
      assertVisible(auth, auth.company, slot, this.now());
      return { booking: toBookingDto(row, viewerOf(auth.role, auth.company)), slot };
    });
  }
}
