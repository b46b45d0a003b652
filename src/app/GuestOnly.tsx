import { Navigate, Outlet, useLocation } from 'react-router-dom';
import { PageSpinner } from '../components/PageSpinner';
import { selectAuthStatus, selectUser } from '../features/auth/authSlice';
import { useAppSelector } from './hooks';
import type { ReturnToState } from './RequireAuth';

// Only same-app paths: '//host' would leave the site.
function returnPath(state: unknown): string {
  const from = (state as ReturnToState | null)?.from;
  return typeof from === 'string' && from.startsWith('/') && !from.startsWith('//') ? from : '/';
}

/** Login and signup: a signed-in user goes back to where the guard stopped them, or to /. */
export function GuestOnly() {
  const user = useAppSelector(selectUser);
  const status = useAppSelector(selectAuthStatus);
  const location = useLocation();

  if (status === 'checking') return <PageSpinner />;
  if (user) return <Navigate to={returnPath(location.state)} replace />;
  return <Outlet />;
}
