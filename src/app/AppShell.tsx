import Container from '@mui/material/Container';
import { Suspense } from 'react';
import { Outlet } from 'react-router-dom';
import { PageSpinner } from '../components/PageSpinner';
import { useSessionCheck } from '../features/auth/useSessionCheck';
import { Header } from './Header';
import { MAIN_ID, SkipLink } from './SkipLink';

export function AppShell() {
  useSessionCheck();
  return (
    <>
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
