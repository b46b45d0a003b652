import AccountCircle from '@mui/icons-material/AccountCircle';
import IconButton from '@mui/material/IconButton';
import { lazy, Suspense, useState, type MouseEvent } from 'react';
import { useNavigate } from 'react-router-dom';
import { useLogoutMutation } from '../features/auth/authApi';
import { loggedOut } from '../services/authEvents';
import { useT } from '../services/i18n/useT';
import { selectUnsent } from '../services/offline/outboxSlice';
import { useAppDispatch, useAppSelector } from './hooks';

const MENU_ID = 'account-menu';

// Opened by a tap, never needed for the first paint: the menu (and MUI's popover) downloads then.
const AccountMenu = lazy(() =>
  import(/* webpackChunkName: "header-menus" */ './AccountMenu').then((m) => ({ default: m.AccountMenu })),
);
const SignOutWarning = lazy(() => import(/* webpackChunkName: "header-menus" */ './SignOutWarning'));

export function ProfileMenu() {
  const t = useT();
  const dispatch = useAppDispatch();
  const navigate = useNavigate();
  const [logout] = useLogoutMutation();
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  // Mounted from the first open on, so closing it still plays its transition.
  const [menuUsed, setMenuUsed] = useState(false);
  const [warning, setWarning] = useState(false);
  const unsent = useAppSelector(selectUnsent);
  const close = () => setAnchor(null);

  const logoutNow = async () => {
    setWarning(false);
    try {
      await logout().unwrap();
    } catch {
      // The local session ends even when the server cannot be told; the refresh cookie then expires on its own.
    }
    dispatch(loggedOut());
    navigate('/login', { replace: true });
  };

  const handleLogout = () => {
    close();
    if (unsent > 0) setWarning(true);
    else void logoutNow();
  };

  return (
    <>
      <IconButton
        color="inherit"
        aria-label={t('Account menu')}
        aria-controls={anchor ? MENU_ID : undefined}
        aria-haspopup="true"
        aria-expanded={anchor ? 'true' : undefined}
        onClick={(event: MouseEvent<HTMLElement>) => {
          setMenuUsed(true);
          setAnchor(event.currentTarget);
        }}
      >
        <AccountCircle />
      </IconButton>
      {menuUsed && (
        <Suspense fallback={null}>
          <AccountMenu id={MENU_ID} anchor={anchor} onClose={close} onLogout={handleLogout} />
          <SignOutWarning
            open={warning}
            unsent={unsent}
            onStay={() => setWarning(false)}
            onSignOut={() => void logoutNow()}
          />
        </Suspense>
      )}
    </>
  );
}
