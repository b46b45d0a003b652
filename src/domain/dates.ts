export const DAY_FORMAT = 'yyyy-MM-dd';
export const DAY_PATTERN = /^\d{4}-(0[1-9]|1[0-2])-(0[1-9]|[12]\d|3[01])$/;
export const TIME_PATTERN = /^([01]\d|2[0-3]):[0-5]\d$/;

/** Outside these years PostgreSQL's dates (no year 0) and JavaScript's (years 0–99 read as 19xx) go wrong. */
export const DAY_YEAR_MIN = 1900;
export const DAY_YEAR_MAX = 2999;

/** A yyyy-MM-dd day that the calendar has (no 2026-02-30) within DAY_YEAR_MIN…DAY_YEAR_MAX. */
export function isCalendarDay(day: string): boolean {
  if (!DAY_PATTERN.test(day)) return false;
  const [y, m, d] = day.split('-').map(Number) as [number, number, number];
  return y >= DAY_YEAR_MIN && y <= DAY_YEAR_MAX && new Date(Date.UTC(y, m - 1, d)).getUTCDate() === d;
}

export function isValidTimeZone(timezone: string): boolean {
  try {
    new Intl.DateTimeFormat('en', { timeZone: timezone });
    return true;
  } catch {
    return false;
  }
}
