import type { Booking } from '../../../src/domain/booking';
import type { Db } from '../../db/client';
import { BadRequestError, NotFoundError } from '../../errors';
import type { AuthContext } from '../../plugins/auth';
import { toBookingDto, viewerOf } from './bookings.mapper';
import { findBookings, listGuideBookings, setGuide } from './bookings.repository';
import { assertMember, assertModifiable, companyOf } from './bookings.rules';

/** Which guide leads which bookings: the slot's Assign bookings dialog and a guide's own list over a range. */
export class GuideBookingsService {
  constructor(
    private readonly db: Db,
    private readonly now: () => Date = () => new Date(),
  ) {}

  /** Moves bookings to a guide (or back to Unassigned, with null); all must be this company's and changeable. */
  async assignGuide(auth: AuthContext, bookingIds: string[], guide: string | null): Promise<Booking[]> {
    const company = await companyOf(this.db, auth);
    const ids = [...new Set(bookingIds)];
    const rows = await findBookings(this.db, auth.companyId, ids);
    if (rows.length !== ids.length) throw new NotFoundError('Booking not found');
    const now = this.now();
    for (const row of rows) assertModifiable(auth, company, { day: row.date, time: row.time }, now);
    if (guide !== null) await assertMember(this.db, auth.companyId, guide);
    const updated = await setGuide(this.db, auth.companyId, ids, guide);
    return updated.map((row) => toBookingDto(row, viewerOf(auth.role, company)));
  }

  /** The bookings a guide led in a range of days (by the guide recorded on each booking). */
  async guideBookings(auth: AuthContext, guideName: string, start: string, end: string): Promise<Booking[]> {
    if (start > end) throw new BadRequestError('The range starts after it ends', 'VALIDATION');
    const company = await companyOf(this.db, auth);
    const rows = await listGuideBookings(this.db, auth.companyId, guideName, start, end);
    return rows.map((row) => toBookingDto(row, viewerOf(auth.role, company)));
  }
}
