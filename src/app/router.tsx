import { lazy } from 'react';
import { createBrowserRouter, matchPath, type RouteObject } from 'react-router-dom';
import { AppShell } from './AppShell';
import { GuestOnly } from './GuestOnly';
import { HomeRedirect } from './HomeRedirect';
import { NotFoundPage } from './NotFoundPage';
import { RequireAuth } from './RequireAuth';
import { RouteErrorPage } from './RouteErrorPage';

// One chunk per page: a guide on a phone downloads only the screens they open.
const importLoginPage = () => import(/* webpackChunkName: "login" */ '../features/auth/LoginPage');
const importDailyBookingsPage = () =>
  import(/* webpackChunkName: "bookings" */ '../features/bookings/DailyBookingsPage');
const importSlotPage = () => import(/* webpackChunkName: "slot" */ '../features/slot/SlotPage');

const LoginPage = lazy(() => importLoginPage().then((m) => ({ default: m.LoginPage })));
const SignupPage = lazy(() =>
  import(/* webpackChunkName: "signup" */ '../features/auth/SignupPage').then((m) => ({ default: m.SignupPage })),
);
const DailyBookingsPage = lazy(() => importDailyBookingsPage().then((m) => ({ default: m.DailyBookingsPage })));
const SlotPage = lazy(() => importSlotPage().then((m) => ({ default: m.SlotPage })));
const ReportsPage = lazy(() =>
  import(/* webpackChunkName: "reports" */ '../features/reports/ReportsPage').then((m) => ({ default: m.ReportsPage })),
);
const FeesPage = lazy(() =>
  import(/* webpackChunkName: "fees" */ '../features/fees/FeesPage').then((m) => ({ default: m.FeesPage })),
);
const TeamPage = lazy(() =>
  import(/* webpackChunkName: "team" */ '../features/team/TeamPage').then((m) => ({ default: m.TeamPage })),
);
const ShiftsPage = lazy(() =>
  import(/* webpackChunkName: "shifts" */ '../features/shifts/ShiftsPage').then((m) => ({ default: m.ShiftsPage })),
);
const AccountPage = lazy(() =>
  import(/* webpackChunkName: "account" */ '../features/account/AccountPage').then((m) => ({ default: m.AccountPage })),
);
const BillingPage = lazy(() =>
  import(/* webpackChunkName: "billing" */ '../features/billing/BillingPage').then((m) => ({ default: m.BillingPage })),
);

/** Spec §2. Exported so tests can mount the same tree in a memory router. */
export const routes: RouteObject[] = [
  {
    element: <AppShell />,
    children: [
      {
        // Below the shell so the header stays usable when a page fails (e.g. a chunk did not download).
        errorElement: <RouteErrorPage />,
        children: [
          { index: true, element: <HomeRedirect /> },
          {
            element: <GuestOnly />,
            children: [
              { path: 'login', element: <LoginPage /> },
              { path: 'signup', element: <SignupPage /> },
            ],
          },
          {
            element: <RequireAuth />,
            children: [
              { path: 'bookings/date/:day', element: <DailyBookingsPage /> },
              { path: 'bookings/date/:day/:time/:tour', element: <SlotPage /> },
              { path: 'reports', element: <ReportsPage /> },
              { path: 'fees', element: <FeesPage /> },
              { path: 'guides', element: <TeamPage /> },
              { path: 'shifts', element: <ShiftsPage /> },
              { path: 'account', element: <AccountPage /> },
              { path: 'billing', element: <BillingPage /> },
            ],
          },
          { path: '*', element: <NotFoundPage /> },
        ],
      },
    ],
  },
];

/** The guide's pages, fetched from the start when the app opens on one (see createAppRouter). */
const GUIDE_PAGES: Array<[pattern: string, load: () => Promise<unknown>]> = [
  // The installed app's start_url: it sends a signed-in guide on to today's page (HomeRedirect).
  ['/', importDailyBookingsPage],
  ['/login', importLoginPage],
  ['/bookings/date/:day', importDailyBookingsPage],
  ['/bookings/date/:day/:time/:tour', importSlotPage],
];

export function createAppRouter() {
  // A lazy page starts downloading when it first renders, which is after the session check (a render and an
  // effect later): on a phone that is a few hundred ms of idle network. Opening on a guide's page, start it now.
  const early = GUIDE_PAGES.find(([pattern]) => matchPath(pattern, window.location.pathname));
  // A failed download is not reported here: the page's own lazy load tries again and shows the route error.
  early?.[1]().catch(() => undefined);
  return createBrowserRouter(routes);
}
