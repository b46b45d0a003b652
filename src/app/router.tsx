import { lazy } from 'react';
import { matchPath, Route, Routes } from 'react-router-dom';
import { AppShell } from './AppShell';
import { GuestOnly } from './GuestOnly';
import { HomeRedirect, importTodayRedirect } from './HomeRedirect';
import { ManagersOnly } from './ManagersOnly';
import { NotFoundPage } from './NotFoundPage';
import { RequireAuth } from './RequireAuth';
import { RouteErrorBoundary } from './RouteErrorBoundary';

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
const SettingsPage = lazy(() =>
  import(/* webpackChunkName: "settings" */ '../features/settings/SettingsPage').then((m) => ({
    default: m.SettingsPage,
  })),
);
const ImportPage = lazy(() =>
  import(/* webpackChunkName: "imports" */ '../features/imports/ImportPage').then((m) => ({ default: m.ImportPage })),
);
const BillingPage = lazy(() =>
  import(/* webpackChunkName: "billing" */ '../features/billing/BillingPage').then((m) => ({ default: m.BillingPage })),
);

/**
 * Spec §2. Declared as elements (`<Routes>`), not with the data router: its loaders and actions go unused here and
 * would add to every page's first load (bench/RESULTS.md). Tests mount the same tree in a memory router.
 */
export function AppRoutes() {
  return (
    <Routes>
      <Route element={<AppShell />}>
        {/* Below the shell so the header stays usable when a page fails (e.g. a chunk did not download). */}
        <Route element={<RouteErrorBoundary />}>
          <Route index element={<HomeRedirect />} />
          <Route element={<GuestOnly />}>
            <Route path="login" element={<LoginPage />} />
            <Route path="signup" element={<SignupPage />} />
          </Route>
          <Route element={<RequireAuth />}>
            <Route path="bookings/date/:day" element={<DailyBookingsPage />} />
            <Route path="bookings/date/:day/:time/:tour" element={<SlotPage />} />
            <Route element={<ManagersOnly />}>
              <Route path="reports" element={<ReportsPage />} />
              <Route path="fees" element={<FeesPage />} />
            </Route>
            <Route path="guides" element={<TeamPage />} />
            <Route path="shifts" element={<ShiftsPage />} />
            <Route path="account" element={<AccountPage />} />
            <Route path="settings" element={<SettingsPage />} />
            <Route path="imports" element={<ImportPage />} />
            <Route path="billing" element={<BillingPage />} />
          </Route>
          <Route path="*" element={<NotFoundPage />} />
        </Route>
      </Route>
    </Routes>
  );
}

/** The guide's pages, fetched from the start when the app opens on one (see createAppRouter). */
const GUIDE_PAGES: Array<[pattern: string, load: () => Promise<unknown>]> = [
  // The installed app's start_url: it sends a signed-in guide on to today's page (HomeRedirect).
  ['/', () => Promise.all([importTodayRedirect(), importDailyBookingsPage()])],
  ['/login', importLoginPage],
  ['/bookings/date/:day', importDailyBookingsPage],
  ['/bookings/date/:day/:time/:tour', importSlotPage],
];

/**
 * A lazy page starts downloading when it first renders, which is after the session check (a render and an effect
 * later): on a phone that is a few hundred ms of idle network. Opening on a guide's page, start it now.
 */
export function prefetchOpeningPage(pathname: string) {
  const early = GUIDE_PAGES.find(([pattern]) => matchPath(pattern, pathname));
  // A failed download is not reported here: the page's own lazy load tries again and shows the route error.
  early?.[1]().catch(() => undefined);
}
