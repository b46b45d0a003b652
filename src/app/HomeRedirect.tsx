import { Navigate } from 'react-router-dom';
import { PageSpinner } from '../components/PageSpinner';
import { todayInZone } from '../domain/dates';
import { selectAuthStatus, selectUser } from '../features/auth/authSlice';
import { useAppSelector } from './hooks';

/** Spec §2: / is today's bookings, "today" being the company's day, not the device's. */
export function HomeRedirect() {
  const user = useAppSelector(selectUser);
  const status = useAppSelector(selectAuthStatus);

  if (status === 'checking') return <PageSpinner />;
  if (!user) return <Navigate to="/login" replace />;
  return <Navigate to={`/bookings/date/${todayInZone(user.company.timezone, new Date())}`} replace />;
}
