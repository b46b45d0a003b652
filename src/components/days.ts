import { DAY_PATTERN } from '../domain/dates';

/**
 * The calendar date of a `yyyy-MM-dd` address, or null when it is not a real date (2025-02-30 matches the
 * pattern but is not one). Built from its parts in local time so formatting never shifts it across midnight.
 */
export function parseDay(day: string): Date | null {
  if (!DAY_PATTERN.test(day)) return null;
  const [y, m, d] = day.split('-').map(Number) as [number, number, number];
  const date = new Date(y, m - 1, d);
  return date.getFullYear() === y && date.getMonth() === m - 1 && date.getDate() === d ? date : null;
}

// Intl, not date-fns' `format`: that brings date-fns' whole en-US locale into the guide's day and
// slot pages. The parts are put in order here because browsers' ICU versions differ on the comma after the weekday.
const DAY_LABEL = new Intl.DateTimeFormat('en-GB', { weekday: 'long', day: 'numeric', month: 'long', year: 'numeric' });

/** "Saturday, 21 November 2026": `day` is already the company's calendar date, so no timezone applies. */
export function formatDayLabel(day: string): string {
  const date = parseDay(day);
  if (!date) return day;
  const part = Object.fromEntries(DAY_LABEL.formatToParts(date).map(({ type, value }) => [type, value]));
  return `${part.weekday}, ${part.day} ${part.month} ${part.year}`;
}

/** "21/11/2026": the day as the date pickers show one (spec §5, d/m/Y without leading zeros). */
export function formatDayNumeric(day: string): string {
  const date = parseDay(day);
  return date ? `${date.getDate()}/${date.getMonth() + 1}/${date.getFullYear()}` : day;
}
