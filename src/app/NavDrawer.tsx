import Drawer from '@mui/material/Drawer';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemButton from '@mui/material/ListItemButton';
import ListItemText from '@mui/material/ListItemText';
import { Link as RouterLink, useLocation } from 'react-router-dom';
import { useT } from '../services/i18n/useT';
import { useSignedInUser } from './hooks';
import { isNavLinkActive, navLinksFor } from './navLinks';

interface NavDrawerProps {
  open: boolean;
  onClose: () => void;
}

/** The header's links on screens too narrow for them to fit in the bar (see Header). */
export function NavDrawer({ open, onClose }: NavDrawerProps) {
  const t = useT();
  const { pathname } = useLocation();
  const { role } = useSignedInUser();
  return (
    <Drawer
      open={open}
      onClose={onClose}
      slotProps={{ paper: { role: 'dialog', 'aria-modal': true, 'aria-label': t('Navigation') } }}
    >
      <nav aria-label={t('Main')}>
        <List sx={{ width: 260 }}>
          {navLinksFor(role).map(({ label, to }) => {
            const active = isNavLinkActive(to, pathname);
            return (
              <ListItem key={to} disablePadding>
                <ListItemButton
                  component={RouterLink}
                  to={to}
                  selected={active}
                  aria-current={active ? 'page' : undefined}
                  onClick={onClose}
                >
                  <ListItemText primary={t(label)} />
                </ListItemButton>
              </ListItem>
            );
          })}
        </List>
      </nav>
    </Drawer>
  );
}
