import { lazy, Suspense } from 'react';
import { Navigate } from 'react-router-dom';
import { PageSpinner } from '../components/PageSpinner';
import { selectAuthStatus, selectUser } from '../features/auth/authSlice';
import { CompanyGate } from './CompanyGate';
import { useAppSelector } from './hooks';

// A chunk of its own, fetched with the day page's when the app opens on / (router.tsx prefetchOpeningPage).
export const importTodayRedirect = () => import(/* webpackChunkName: "today" */ './TodayRedirect');
const TodayRedirect = lazy(() => importTodayRedirect().then((m) => ({ default: m.TodayRedirect })));

/** Spec §2: / is today's bookings, "today" being the company's day, not the device's. */
export function HomeRedirect() {
  const user = useAppSelector(selectUser);
  const status = useAppSelector(selectAuthStatus);

  if (status === 'checking') return <PageSpinner />;
  if (!user) return <Navigate to="/login" replace />;
  return (
    <CompanyGate>
      <Suspense fallback={<PageSpinner />}>
        <TodayRedirect />
      </Suspense>
    </CompanyGate>
  );
}
