import Container from '@mui/material/Container';
import { Suspense } from 'react';
import { Outlet } from 'react-router-dom';
import { PageSpinner } from '../components/PageSpinner';
import { useSessionCheck } from '../features/auth/useSessionCheck';
import { Header } from './Header';

export function AppShell() {
  useSessionCheck();
  return (
    <>
      <Header />
      <Container component="main" maxWidth="lg" sx={{ py: { xs: 2, sm: 3 }, px: { xs: 1.5, sm: 3 } }}>
        <Suspense fallback={<PageSpinner />}>
          <Outlet />
        </Suspense>
      </Container>
    </>
  );
}
