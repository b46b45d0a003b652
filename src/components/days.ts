import { format } from 'date-fns';
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

/** "Saturday, 21 November 2026": `day` is already the company's calendar date, so no timezone applies. */
export function formatDayLabel(day: string): string {
  const date = parseDay(day);
  return date ? format(date, 'EEEE, d MMMM yyyy') : day;
}
