import type { Booking } from '../../../src/domain/booking';
import type { Caller } from '../../db/signedIn';
import type { Tenancy } from '../../db/tenancy';
import { BadRequestError, NotFoundError } from '../../errors';
import { whoseData } from '../users/whoseData';
import { recordEvents } from '../eventLog/eventLog';
import { followAssignment } from './shiftHeads';
import { slotOfBooking } from './bookingFacts';
import { toBookingDto, viewerOf } from './bookings.mapper';
import { findBookings, listGuideBookings, setGuide } from './bookings.repository';
import { assertModifiable, guideNamed, NO_GUIDE } from './bookings.rules';

/** Which guide leads which bookings: the slot's Assign bookings dialog and a guide's own list over a range. */
export class GuideBookingsService {
  constructor(
    private readonly tenancy: Tenancy,
    private readonly now: () => Date = () => new Date(),
  ) {}

  /** Moves bookings to a guide (or back to Unassigned, with null); all must be this company's and changeable. */
  assignGuide(caller: Caller, bookingIds: string[], guide: string | null): Promise<Booking[]> {
    const ids = [...new Set(bookingIds)];
    return this.tenancy.runAs(caller, async (tx, auth) => {
      const rows = await findBookings(tx, auth.companyId, ids);
      if (rows.length !== ids.length) throw new NotFoundError('Booking not found');
      const now = this.now();
      for (const row of rows) assertModifiable(auth, auth.company, { day: row.date, time: row.time }, now);
      const slots = new Set(rows.map((row) => `${row.date}|${row.time}|${row.tour}`));
      if (slots.size > 1) throw new BadRequestError('Assign the bookings of one slot at a time', 'VALIDATION');
      const led = guide === null ? NO_GUIDE : await guideNamed(tx, auth.companyId, guide);
      const updated = await setGuide(tx, auth.companyId, ids, led);
      const slot = rows[0] ? slotOfBooking(rows[0]) : null;
      // Moving unassigned bookings to Unassigned changes nobody's guests: a split chosen by hand stays.
      const assigning = led.guideId !== null || rows.some((row) => row.guideId !== null);
      const split = slot && assigning ? await followAssignment(tx, auth.companyId, slot) : null;
      await recordEvents(tx, auth, [
        {
          kind: 'booking.guideAssigned',
          bookingIds: ids,
          slot,
          before: { ...Object.fromEntries(rows.map((row) => [row.id, row.guide])), ...split?.before },
          after: { Guide: led.guide, ...split?.after },
        },
      ]);
      return updated.map((row) => toBookingDto(row, viewerOf(auth.role, auth.company)));
    });
  }

  /** The bookings a guide (a Guide: themselves) led in a range of days: theirs by id, whoever later shares the name. */
  guideBookings(caller: Caller, guideId: string | undefined, start: string, end: string): Promise<Booking[]> {
    if (start > end) throw new BadRequestError('The range starts after it ends', 'VALIDATION');
    return this.tenancy.readAs(caller, async (tx, auth) => {
      const member = await whoseData(tx, auth, guideId);
      const rows = await listGuideBookings(tx, auth.companyId, member.id, start, end);
      return rows.map((row) => toBookingDto(row, viewerOf(auth.role, auth.company)));
    });
  }
}
