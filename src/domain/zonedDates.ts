// Intl rather than date-fns-tz, which probes the platform's time zones as it loads: the guide's day page shows
// today and should not pay for that.
const formatterFor = (timezone: string) =>
  new Intl.DateTimeFormat('en-US', { timeZone: timezone, year: 'numeric', month: '2-digit', day: '2-digit' });

/** Today's date (yyyy-MM-dd) in the company's timezone. */
export function todayInZone(timezone: string, now: Date): string {
  const part = Object.fromEntries(
    formatterFor(timezone)
      .formatToParts(now)
      .map(({ type, value }) => [type, value]),
  );
  return `${part.year}-${part.month}-${part.day}`;
}
