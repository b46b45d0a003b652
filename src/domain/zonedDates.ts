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

/** The time of day (HH:mm) of an instant in the company's timezone. */
export function clockInZone(timezone: string, at: Date): string {
  return new Intl.DateTimeFormat('en-GB', {
    timeZone: timezone,
    hour: '2-digit',
    minute: '2-digit',
    hourCycle: 'h23',
  }).format(at);
}
