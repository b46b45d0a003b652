import { Navigate, Outlet, useLocation } from 'react-router-dom';
import { PageSpinner } from '../components/PageSpinner';
import { selectAuthStatus, selectUser } from '../features/auth/authSlice';
import { CompanyGate } from './CompanyGate';
import { useAppSelector } from './hooks';

/** Where to return after signing in; carried in the router's location state. */
export interface ReturnToState {
  from?: string;
}

export function RequireAuth() {
  const user = useAppSelector(selectUser);
  const status = useAppSelector(selectAuthStatus);
  const location = useLocation();

  // A stored session may still be refreshed: redirecting now would throw a signed-in guide out.
  if (status === 'checking') return <PageSpinner />;
  if (!user) {
    const state: ReturnToState = { from: `${location.pathname}${location.search}` };
    return <Navigate to="/login" replace state={state} />;
  }
  return (
    <CompanyGate>
      <Outlet />
    </CompanyGate>
  );
}
