import type { EventSlot, HistoryEntry } from '../../../src/domain/events';
import { canSeeSlot } from '../../../src/domain/slotRules';
import type { AuthContext, Caller } from '../../db/signedIn';
import type { Tenancy } from '../../db/tenancy';
import { NotFoundError } from '../../errors';
import { viewerOf } from '../bookings/bookings.mapper';
import { findBooking } from '../bookings/bookingReads.repository';
import { findBookings } from '../bookings/bookings.repository';
import { assertVisible } from '../bookings/bookings.rules';
import { bookingEvents, slotEvents } from './history.repository';
import { historyEntry, type HistoryReader } from './history.mapper';

/** Enough for a day's work on one booking; older events stay in the log. */
const BOOKING_HISTORY_MAX = 200;
const SLOT_ACTIVITY_MAX = 50;

/** A booking's history and a slot's recent activity, by the rules of the slot they belong to. */
export class HistoryService {
  constructor(
    private readonly tenancy: Tenancy,
    private readonly now: () => Date = () => new Date(),
  ) {}

  booking(caller: Caller, bookingId: string): Promise<HistoryEntry[]> {
    return this.tenancy.readAs(caller, async (tx, auth) => {
      const [booking, rows] = await Promise.all([
        findBooking(tx, auth.companyId, bookingId),
        bookingEvents(tx, auth.companyId, bookingId, BOOKING_HISTORY_MAX),
      ]);
      if (!booking) throw new NotFoundError('Booking not found');
      assertVisible(auth, auth.company, { day: booking.date, time: booking.time }, this.now());
      const reader = this.readerOf(auth);
      return rows.map((row) => historyEntry(row, reader, bookingId));
    });
  }

  slot(caller: Caller, slot: EventSlot): Promise<HistoryEntry[]> {
    return this.tenancy.readAs(caller, async (tx, auth) => {
      assertVisible(auth, auth.company, slot, this.now());
      const reader = this.readerOf(auth);
      const rows = await slotEvents(tx, auth.companyId, slot, SLOT_ACTIVITY_MAX);
      const ids = [...new Set(rows.flatMap((row) => row.bookingIds))];
      // Named only while the reader may see them: a booking moved out of their window takes its name with it.
      const seen = (await findBookings(tx, auth.companyId, ids)).filter((b) =>
        reader.sees({ day: b.date, time: b.time }),
      );
      const names = new Map(seen.map((b) => [b.id, b.name]));
      const references = new Map(seen.map((b) => [b.id, b.reference]));
      return rows.map((row) => {
        const single = row.bookingIds.length === 1 ? row.bookingIds[0] : undefined;
        const name = row.bookingIds.map((id) => names.get(id)).filter((n) => n !== undefined);
        const reference = single === undefined ? undefined : references.get(single);
        return historyEntry(row, reader, single, name.length > 0 ? name.join(', ') : undefined, reference);
      });
    });
  }

  private readerOf(auth: AuthContext): HistoryReader {
    const now = this.now();
    return {
      viewer: viewerOf(auth.role, auth.company),
      sees: (slot) => canSeeSlot(auth.role, auth.company, slot, now),
    };
  }
}
