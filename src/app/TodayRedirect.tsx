import { Navigate } from 'react-router-dom';
import { todayInZone } from '../domain/zonedDates';

/** Spec §2: / is today's bookings, "today" being the company's day, not the device's. */
export function TodayRedirect({ timezone }: { timezone: string }) {
  return <Navigate to={`/bookings/date/${todayInZone(timezone, new Date())}`} replace />;
}
