import AccountCircle from '@mui/icons-material/AccountCircle';
import Divider from '@mui/material/Divider';
import IconButton from '@mui/material/IconButton';
import ListSubheader from '@mui/material/ListSubheader';
import Menu from '@mui/material/Menu';
import MenuItem from '@mui/material/MenuItem';
import { useState, type MouseEvent } from 'react';
import { Link as RouterLink, useNavigate } from 'react-router-dom';
import { truncateEmail } from '../domain/truncate';
import { useLogoutMutation } from '../features/auth/authApi';
import { selectUser } from '../features/auth/authSlice';
import { loggedOut } from '../services/authEvents';
import { useAppDispatch, useAppSelector } from './hooks';

const MENU_ID = 'account-menu';

export function ProfileMenu() {
  const user = useAppSelector(selectUser);
  const dispatch = useAppDispatch();
  const navigate = useNavigate();
  const [logout] = useLogoutMutation();
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const close = () => setAnchor(null);

  const handleLogout = async () => {
    close();
    try {
      await logout().unwrap();
    } catch {
      // The local session ends even when the server cannot be told; the refresh cookie then expires on its own.
    }
    dispatch(loggedOut());
    navigate('/login', { replace: true });
  };

  return (
    <>
      <IconButton
        color="inherit"
        aria-label="Account menu"
        aria-controls={anchor ? MENU_ID : undefined}
        aria-haspopup="true"
        aria-expanded={anchor ? 'true' : undefined}
        onClick={(event: MouseEvent<HTMLElement>) => setAnchor(event.currentTarget)}
      >
        <AccountCircle />
      </IconButton>
      <Menu
        id={MENU_ID}
        anchorEl={anchor}
        open={Boolean(anchor)}
        onClose={close}
        anchorOrigin={{ vertical: 'bottom', horizontal: 'right' }}
        transformOrigin={{ vertical: 'top', horizontal: 'right' }}
      >
        {user
          ? [
              <ListSubheader key="email" title={user.email} sx={{ lineHeight: '40px' }}>
                {truncateEmail(user.email)}
              </ListSubheader>,
              <Divider key="divider" />,
              <MenuItem key="account" component={RouterLink} to="/account" onClick={close}>
                Account
              </MenuItem>,
              <MenuItem key="logout" onClick={handleLogout}>
                Logout
              </MenuItem>,
            ]
          : [
              <MenuItem key="login" component={RouterLink} to="/login" onClick={close}>
                Login
              </MenuItem>,
              <MenuItem key="signup" component={RouterLink} to="/signup" onClick={close}>
                Signup
              </MenuItem>,
            ]}
      </Menu>
    </>
  );
}
