import Container from '@mui/material/Container';
import { lazy, Suspense } from 'react';
import { Outlet } from 'react-router-dom';
import { PageSpinner } from '../components/PageSpinner';
import { useSessionCheck } from '../features/auth/useSessionCheck';
import { Header } from './Header';
import { useAppSelector } from './hooks';
import { MAIN_ID, SkipLink } from './SkipLink';
import { useMemberLanguage } from './useMemberLanguage';

// Live updates download after the first paint: no page waits for them.
const LiveUpdates = lazy(() => import(/* webpackChunkName: "live" */ './LiveUpdates'));
const OutboxSync = lazy(() => import(/* webpackChunkName: "offline" */ './OutboxSync'));

export function AppShell() {
  useSessionCheck();
  useMemberLanguage();
  const signedIn = useAppSelector((state) => state.auth.status === 'ready' && state.auth.user !== null);
  return (
    <>
      {signedIn && (
        <Suspense fallback={null}>
          <LiveUpdates />
          <OutboxSync />
        </Suspense>
      )}
      <SkipLink />
      <Header />
      <Container
        component="main"
        id={MAIN_ID}
        tabIndex={-1}
        maxWidth="lg"
        sx={{ py: { xs: 2, sm: 3 }, px: { xs: 1.5, sm: 3 }, '&:focus': { outline: 'none' } }}
      >
        <Suspense fallback={<PageSpinner />}>
          <Outlet />
        </Suspense>
      </Container>
    </>
  );
}
