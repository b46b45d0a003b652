import Typography from '@mui/material/Typography';
import { formatDayNumeric } from '../../components/days';
import type { DayBookings } from '../../domain/booking';
import { relativeDay, zonedWhen } from '../../domain/slotRules';
import { todayInZone } from '../../domain/zonedDates';

interface NextOpeningProps {
  opening: NonNullable<DayBookings['nextOpening']>;
  /** The day the page shows: a slot of another day says which. */
  day: string;
  timezone: string;
}

/** "The 10:00 Old Town Walk opens to guides at 09:00": when a Guide waiting for their slot will see it. */
export default function NextOpening({ opening, day, timezone }: NextOpeningProps) {
  const now = new Date();
  const when = zonedWhen(new Date(opening.opensAt), timezone, now);
  const slotDay = relativeDay(opening.day, todayInZone(timezone, now));
  let slot = `The ${opening.time} ${opening.tour}`;
  if (opening.day !== day) {
    slot =
      slotDay === 'tomorrow' ? `Tomorrow’s ${opening.time} ${opening.tour}` : `${slot} on ${formatDayNumeric(slotDay)}`;
  }
  const at =
    when.day === 'today'
      ? `at ${when.time}`
      : when.day === 'tomorrow'
        ? `tomorrow at ${when.time}`
        : `on ${formatDayNumeric(when.day)} at ${when.time}`;
  return (
    <Typography color="text.secondary">
      {slot} opens to guides {at}.
    </Typography>
  );
}
