import MenuIcon from '@mui/icons-material/Menu';
import AppBar from '@mui/material/AppBar';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import IconButton from '@mui/material/IconButton';
import Toolbar from '@mui/material/Toolbar';
import Typography from '@mui/material/Typography';
import { lazy, Suspense, useState } from 'react';
import { Link as RouterLink, useLocation } from 'react-router-dom';
import { selectAuthStatus, selectUser } from '../features/auth/authSlice';
import { useGetCompanyQuery } from '../services/companyApi';
import { useT } from '../services/i18n/useT';
import { selectSyncShown } from '../services/offline/outboxSlice';
import { useAppSelector } from './hooks';
import { isNavLinkActive, navLinksFor } from './navLinks';
import { ProfileMenu } from './ProfileMenu';

// Shown only offline or with check-ins unsent: it downloads then.
const SyncBadge = lazy(() => import(/* webpackChunkName: "sync-badge" */ './SyncBadge'));
// Opened by a tap, never needed for the first paint: it downloads then (with the account menu's chunk).
const NavDrawer = lazy(() =>
  import(/* webpackChunkName: "header-menus" */ './NavDrawer').then((m) => ({ default: m.NavDrawer })),
);

const BRAND_LINES = {
  display: '-webkit-box',
  WebkitBoxOrient: 'vertical',
  WebkitLineClamp: { xs: 2, sm: 1 },
  overflow: 'hidden',
  overflowWrap: 'anywhere',
  fontSize: { xs: '1.125rem', sm: '1.25rem' },
  lineHeight: { xs: 1.2, sm: '44px' },
} as const;

export function Header() {
  const t = useT();
  const user = useAppSelector(selectUser);
  const status = useAppSelector(selectAuthStatus);
  const { pathname } = useLocation();
  const syncShown = useAppSelector(selectSyncShown);
  const [drawerOpen, setDrawerOpen] = useState(false);
  // Mounted from the first open on, so closing it still plays its transition.
  const [drawerUsed, setDrawerUsed] = useState(false);
  // The links lead only to pages that need a user; signed out they would all bounce to /login.
  const links = status === 'ready' && user ? navLinksFor(user.role) : null;
  const { currentData: company } = useGetCompanyQuery(undefined, { skip: links === null });
  const showNav = links !== null;
  // A Manager's eight links fit the bar from lg up; a Guide's four from md.
  const barFrom = links && links.length > 6 ? 'lg' : 'md';

  return (
    <>
      <AppBar position="sticky" sx={{ displayPrint: 'none' }}>
        <Toolbar sx={{ gap: 1 }}>
          {showNav && (
            <IconButton
              color="inherit"
              edge="start"
              aria-label={t('Open navigation')}
              onClick={() => {
                setDrawerUsed(true);
                setDrawerOpen(true);
              }}
              sx={{ display: { [barFrom]: 'none' } }}
            >
              <MenuIcon />
            </IconButton>
          )}
          <Typography
            variant="h6"
            component={RouterLink}
            to="/"
            sx={{
              color: 'inherit',
              textDecoration: 'none',
              fontWeight: 700,
              minWidth: 0,
              mr: { xs: 0, sm: 2 },
              // A finger-sized target however many lines the name takes.
              display: 'flex',
              alignItems: 'center',
              minHeight: 44,
            }}
          >
            {/* On a phone beside the sync pill the name takes two lines rather than losing its end. */}
            <Box component="span" sx={BRAND_LINES}>
              {company?.name ?? 'Tourdesk'}
            </Box>
          </Typography>
          {links && (
            <Box component="nav" aria-label={t('Main')} sx={{ display: { xs: 'none', [barFrom]: 'flex' }, gap: 0.5 }}>
              {links.map(({ label, to }) => {
                const active = isNavLinkActive(to, pathname);
                return (
                  <Button
                    key={to}
                    component={RouterLink}
                    to={to}
                    color="inherit"
                    aria-current={active ? 'page' : undefined}
                    sx={{
                      whiteSpace: 'nowrap',
                      bgcolor: active ? 'rgba(0, 0, 0, 0.24)' : undefined,
                      textDecoration: active ? 'underline' : undefined,
                      textUnderlineOffset: 6,
                    }}
                  >
                    {t(label)}
                  </Button>
                );
              })}
            </Box>
          )}
          <Box sx={{ flexGrow: 1 }} />
          {showNav && syncShown && (
            <Suspense fallback={null}>
              <SyncBadge />
            </Suspense>
          )}
          {status === 'checking' ? (
            <CircularProgress color="inherit" size={24} aria-label={t('Loading')} />
          ) : (
            <ProfileMenu />
          )}
        </Toolbar>
      </AppBar>
      {showNav && drawerUsed && (
        <Suspense fallback={null}>
          <NavDrawer open={drawerOpen} onClose={() => setDrawerOpen(false)} />
        </Suspense>
      )}
    </>
  );
}
