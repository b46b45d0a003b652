import { Navigate } from 'react-router-dom';
import { todayInZone } from '../domain/zonedDates';
import { useCompany } from '../services/companyApi';

/** Spec §2: / is today's bookings, "today" being the company's day, not the device's. */
export function TodayRedirect() {
  const { timezone } = useCompany();
  return <Navigate to={`/bookings/date/${todayInZone(timezone, new Date())}`} replace />;
}
