import { formatInTimeZone } from 'date-fns-tz';

export const DAY_FORMAT = 'yyyy-MM-dd';
export const DAY_PATTERN = /^\d{4}-(0[1-9]|1[0-2])-(0[1-9]|[12]\d|3[01])$/;
export const TIME_PATTERN = /^([01]\d|2[0-3]):[0-5]\d$/;

/** Today's date (yyyy-MM-dd) in the company's timezone. */
export function todayInZone(timezone: string, now: Date): string {
  return formatInTimeZone(now, timezone, DAY_FORMAT);
}

export function isValidTimeZone(timezone: string): boolean {
  try {
    new Intl.DateTimeFormat('en', { timeZone: timezone });
    return true;
  } catch {
    return false;
  }
}
