import { nextGuideOpening, nextDay, type GuideOpening } from '../../../src/domain/slotRules';
import { departuresOn } from '../../../src/domain/timetable';
import { todayInZone } from '../../../src/domain/zonedDates';
import type { Db } from '../../db/client';
import type { CompanySettings } from '../../db/signedIn';
import { timetableOfDay } from '../timetable/timetable.repository';
import { listSlotsBetween } from './bookingReads.repository';

export interface SlotName {
  time: string;
  tour: string;
}

/** A day's slots by time and tour: booked ones and the timetable's departures, without their bookings. */
async function slotNamesOfDay(tx: Db, companyId: string, day: string): Promise<SlotName[]> {
  const [booked, timetable] = await Promise.all([
    listSlotsBetween(tx, companyId, day, '00:00', '23:59'),
    timetableOfDay(tx, companyId, day),
  ]);
  const scheduled = departuresOn(day, timetable).map((d) => ({
    time: d.time,
    tour: timetable.tourNames.get(d.tourId) ?? '',
  }));
  return [...booked.map(({ time, tour }) => ({ time, tour })), ...scheduled];
}

/**
 * What a Guide's day page says about the slots hidden from them: which one opens next and when. Looked for among the
 * day's hidden slots and, when the day is today and none of them will open, among tomorrow's. Only a time and a tour
 * name: nothing of the slot's bookings.
 */
export async function nextOpeningForGuide(
  tx: Db,
  company: CompanySettings,
  day: string,
  hidden: readonly SlotName[],
  now: Date,
): Promise<GuideOpening | null> {
  const ofDay = nextGuideOpening(
    company,
    hidden.map((slot) => ({ day, ...slot })),
    now,
  );
  if (ofDay || company.hideBookings === false || day !== todayInZone(company.timezone, now)) return ofDay;
  const tomorrow = nextDay(day);
  const slots = await slotNamesOfDay(tx, company.id, tomorrow);
  return nextGuideOpening(
    company,
    slots.map((slot) => ({ day: tomorrow, ...slot })),
    now,
  );
}
