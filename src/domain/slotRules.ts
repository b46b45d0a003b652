import type { Role } from './auth';
import { msg } from './messageFormat';
import type { Company } from './company';
import { slotStart, type SlotRef } from './slotStart';
import { isCalendarDay } from './dates';
import { clockInZone, todayInZone } from './zonedDates';

/** Spec §4/§9: a Guide may change a slot until 30 minutes after it starts. */
export const LOCK_MINUTES = 30;
/** Spec §2/§9: nearby tours start within 15 minutes either side. */
export const NEARBY_MINUTES = 15;
export const GUIDE_HIDDEN_MESSAGE = msg('Only Managers can see these tours');

const MINUTE = 60_000;

export type { SlotRef };

type CompanyRules = Pick<Company, 'timezone' | 'unlockBookings' | 'hideBookings' | 'beforeTime' | 'afterTime'>;

export function nextDay(day: string): string {
  const [y, m, d] = day.split('-').map(Number) as [number, number, number];
  const date = new Date(Date.UTC(y, m - 1, d + 1));
  return date.toISOString().slice(0, 10);
}

export function previousDay(day: string): string {
  const [y, m, d] = day.split('-').map(Number) as [number, number, number];
  return new Date(Date.UTC(y, m - 1, d - 1)).toISOString().slice(0, 10);
}

/** Spec §4 lock: Managers always; Guides when unlocked, or until 30 minutes after the start (any time before). */
export function canModifySlot(role: Role, company: CompanyRules, slot: SlotRef, now: Date): boolean {
  if (role === 'Manager' || company.unlockBookings) return true;
  return now.getTime() <= slotStart(slot, company.timezone).getTime() + LOCK_MINUTES * MINUTE;
}

/**
 * Spec §4 visibility: unless hideBookings is explicitly false, a Guide sees today's slots from beforeTime minutes
 * before to afterTime minutes after their start, and tomorrow's slots starting within beforeTime minutes of now.
 */
export function canSeeSlot(role: Role, company: CompanyRules, slot: SlotRef, now: Date): boolean {
  if (role === 'Manager' || company.hideBookings === false) return true;
  const today = todayInZone(company.timezone, now);
  const start = slotStart(slot, company.timezone).getTime();
  const t = now.getTime();
  if (slot.day === today) return t >= start - company.beforeTime * MINUTE && t <= start + company.afterTime * MINUTE;
  if (slot.day === nextDay(today)) return start - t <= company.beforeTime * MINUTE;
  return false;
}

/** A slot a Guide cannot see yet, and the instant (ISO) its window opens to them. */
export interface GuideOpening extends SlotRef {
  tour: string;
  opensAt: string;
}

/**
 * When a slot the Guide cannot see now enters their window (canSeeSlot): beforeTime minutes before it starts, but no
 * earlier than the start of the day before it (only today's and tomorrow's slots are ever shown). Null when they see
 * it now, when its window has passed for good, or when Guides see every slot.
 */
export function guideOpensAt(company: CompanyRules, slot: SlotRef, now: Date): Date | null {
  if (canSeeSlot('Guide', company, slot, now)) return null;
  const windowStart = slotStart(slot, company.timezone).getTime() - company.beforeTime * MINUTE;
  const dayBeforeStarts = slotStart({ day: previousDay(slot.day), time: '00:00' }, company.timezone).getTime();
  const opens = Math.max(windowStart, dayBeforeStarts);
  return opens > now.getTime() ? new Date(opens) : null;
}

/** Of the slots a Guide cannot see, the one whose window opens first (a tie goes to the earlier slot). */
export function nextGuideOpening(
  company: CompanyRules,
  slots: Iterable<SlotRef & { tour: string }>,
  now: Date,
): GuideOpening | null {
  const openings = [...slots].flatMap((slot) => {
    const opens = guideOpensAt(company, slot, now);
    return opens ? [{ ...slot, opensAt: opens.toISOString() }] : [];
  });
  const order = (o: GuideOpening) => `${o.opensAt} ${o.day} ${o.time} ${o.tour}`;
  openings.sort((a, b) => order(a).localeCompare(order(b)));
  const [first] = openings;
  return first ? { day: first.day, time: first.time, tour: first.tour, opensAt: first.opensAt } : null;
}

/** A day as a person says it, seen from `today`: 'today', 'tomorrow', or the day itself (yyyy-MM-dd). */
export function relativeDay(day: string, today: string): string {
  if (day === today) return 'today';
  return day === nextDay(today) ? 'tomorrow' : day;
}

/** An instant as the company's clock shows it, its day named 'today' or 'tomorrow' when it is one of those. */
export function zonedWhen(at: Date, timezone: string, now: Date): { day: string; time: string } {
  return {
    day: relativeDay(todayInZone(timezone, at), todayInZone(timezone, now)),
    time: clockInZone(timezone, at),
  };
}

export function minutesOfDay(time: string): number {
  const [h, m] = time.split(':').map(Number) as [number, number];
  return h * 60 + m;
}

export function timeFromMinutes(minutes: number): string {
  const clamped = Math.min(Math.max(minutes, 0), 23 * 60 + 59);
  return `${String(Math.floor(clamped / 60)).padStart(2, '0')}:${String(clamped % 60).padStart(2, '0')}`;
}

/** The nearby-tours window around a slot, kept within the same day. */
export function nearbyWindow(time: string): { startTime: string; endTime: string } {
  const at = minutesOfDay(time);
  return { startTime: timeFromMinutes(at - NEARBY_MINUTES), endTime: timeFromMinutes(at + NEARBY_MINUTES) };
}

/** The note key of a slot (spec §3): day-time-tour. */
export function noteUniqueId(day: string, time: string, tour: string): string {
  return `${day}-${time}-${tour}`;
}

export const NOTE_ID_PATTERN = /^(\d{4}-\d{2}-\d{2})-([01]\d|2[0-3]):([0-5]\d)-(.+)$/;

export function parseNoteUniqueId(uniqueId: string): { day: string; time: string; tour: string } | null {
  const match = NOTE_ID_PATTERN.exec(uniqueId);
  if (!match || !isCalendarDay(match[1] as string)) return null;
  return { day: match[1] as string, time: `${match[2]}:${match[3]}`, tour: match[4] as string };
}
