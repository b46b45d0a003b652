import { lazy } from 'react';
import { Outlet } from 'react-router-dom';
import { useSignedInUser } from './hooks';

// Only a Guide who follows an old link or types the address downloads it.
const ManagersOnlyNotice = lazy(() => import(/* webpackChunkName: "managers-only" */ './ManagersOnlyNotice'));

/**
 * Pages whose every call the server answers for Managers only. A Guide is told so, with the way back, instead of a
 * form whose request would be refused (and the page itself is not downloaded).
 */
export function ManagersOnly() {
  const { role } = useSignedInUser();
  return role === 'Manager' ? <Outlet /> : <ManagersOnlyNotice />;
}
