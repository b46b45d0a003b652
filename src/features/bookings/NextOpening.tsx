import Typography from '@mui/material/Typography';
import { formatDayNumeric } from '../../components/days';
import type { DayBookings } from '../../domain/booking';
import { relativeDay, zonedWhen } from '../../domain/slotRules';
import { todayInZone } from '../../domain/zonedDates';
import { useT } from '../../services/i18n/useT';

interface NextOpeningProps {
  opening: NonNullable<DayBookings['nextOpening']>;
  /** The day the page shows: a slot of another day says which. */
  day: string;
  timezone: string;
}

/** "The 10:00 Old Town Walk opens to guides at 09:00": when a Guide waiting for their slot will see it. */
export default function NextOpening({ opening, day, timezone }: NextOpeningProps) {
  const t = useT();
  const now = new Date();
  const when = zonedWhen(new Date(opening.opensAt), timezone, now);
  const slotDay = relativeDay(opening.day, todayInZone(timezone, now));
  // One sentence whatever the days: `slotDay` is `same` (the page's day), `tomorrow` or another day's date.
  const values = {
    slotDay: opening.day === day ? 'same' : slotDay === 'tomorrow' ? 'tomorrow' : 'other',
    time: opening.time,
    tour: opening.tour,
    slotDate: formatDayNumeric(slotDay),
    openDay: when.day === 'today' || when.day === 'tomorrow' ? when.day : 'other',
    openDate: formatDayNumeric(when.day),
    openTime: when.time,
  };
  return (
    <Typography color="text.secondary">
      {t(
        '{slotDay, select, same {The {time} {tour}} tomorrow {Tomorrow’s {time} {tour}} other {The {time} {tour} on {slotDate}}} opens to guides {openDay, select, today {at {openTime}} tomorrow {tomorrow at {openTime}} other {on {openDate} at {openTime}}}.',
        values,
      )}
    </Typography>
  );
}
