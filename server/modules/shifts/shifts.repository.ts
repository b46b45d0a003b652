import { and, asc, between, eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { bookings, shiftGuides, shifts } from '../../db/schema';
import { attendedSums } from '../bookings/bookings.repository';
import type { ShiftGuideRow, ShiftRow } from '../bookings/shiftHeads.repository';

/** A member's shifts between two days, oldest first. */
export async function listMemberShifts(
  db: Db,
  companyId: string,
  userId: string,
  start: string,
  end: string,
): Promise<Array<{ shift: ShiftRow; guide: ShiftGuideRow }>> {
  const rows = await db
    .select({ shift: shifts, guide: shiftGuides })
    .from(shiftGuides)
    .innerJoin(shifts, and(eq(shifts.companyId, shiftGuides.companyId), eq(shifts.id, shiftGuides.shiftId)))
    .where(and(eq(shiftGuides.companyId, companyId), eq(shiftGuides.userId, userId), between(shifts.date, start, end)))
    .orderBy(asc(shifts.date), asc(shifts.time), asc(shifts.tour));
  return rows;
}

export interface SourceAttendance {
  date: string;
  time: string;
  tour: string;
  source: string;
  adults: number;
  teens: number;
  children: number;
}

/** Checked-in guests of the bookings a guide leads (by member id), per slot and source. */
export async function attendanceBySource(
  db: Db,
  companyId: string,
  guideId: string,
  start: string,
  end: string,
): Promise<SourceAttendance[]> {
  return db
    .select({
      date: bookings.date,
      time: bookings.time,
      tour: bookings.tour,
      source: bookings.source,
      ...attendedSums,
    })
    .from(bookings)
    .where(
      and(
        eq(bookings.companyId, companyId),
        eq(bookings.guideId, guideId),
        eq(bookings.cancelled, false),
        between(bookings.date, start, end),
      ),
    )
    .groupBy(bookings.date, bookings.time, bookings.tour, bookings.source);
}
