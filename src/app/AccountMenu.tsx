import Divider from '@mui/material/Divider';
import ListSubheader from '@mui/material/ListSubheader';
import Menu from '@mui/material/Menu';
import MenuItem from '@mui/material/MenuItem';
import { Link as RouterLink } from 'react-router-dom';
import { truncateEmail } from '../domain/truncate';
import { selectUser } from '../features/auth/authSlice';
import { useT } from '../services/i18n/useT';
import { useAppSelector } from './hooks';

interface AccountMenuProps {
  id: string;
  anchor: HTMLElement | null;
  onClose: () => void;
  onLogout: () => void;
}

/** The profile menu's items; a chunk of its own, downloaded when the menu is first opened (ProfileMenu). */
export function AccountMenu({ id, anchor, onClose, onLogout }: AccountMenuProps) {
  const user = useAppSelector(selectUser);
  const t = useT();
  return (
    <Menu
      id={id}
      anchorEl={anchor}
      open={Boolean(anchor)}
      onClose={onClose}
      anchorOrigin={{ vertical: 'bottom', horizontal: 'right' }}
      transformOrigin={{ vertical: 'top', horizontal: 'right' }}
    >
      {user
        ? [
            <ListSubheader key="email" title={user.email} sx={{ lineHeight: '40px' }}>
              {truncateEmail(user.email)}
            </ListSubheader>,
            <Divider key="divider" />,
            <MenuItem key="account" component={RouterLink} to="/account" onClick={onClose}>
              {t('Account')}
            </MenuItem>,
            <MenuItem key="logout" onClick={onLogout}>
              {t('Logout')}
            </MenuItem>,
          ]
        : [
            <MenuItem key="login" component={RouterLink} to="/login" onClick={onClose}>
              {t('Login')}
            </MenuItem>,
            <MenuItem key="signup" component={RouterLink} to="/signup" onClick={onClose}>
              {t('Signup')}
            </MenuItem>,
          ]}
    </Menu>
  );
}
