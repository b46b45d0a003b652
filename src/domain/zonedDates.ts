import { formatInTimeZone } from 'date-fns-tz';
import { DAY_FORMAT } from './dates';

// Apart from dates.ts: date-fns-tz tests the platform's Intl time zones as it loads (~15 ms on a phone), and only
// the pages that need a company's "today" should pay for it.

/** Today's date (yyyy-MM-dd) in the company's timezone. */
export function todayInZone(timezone: string, now: Date): string {
  return formatInTimeZone(now, timezone, DAY_FORMAT);
}
