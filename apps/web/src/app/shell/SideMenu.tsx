import CloseIcon from '@mui/icons-material/Close';
import Box from '@mui/material/Box';
import Divider from '@mui/material/Divider';
import Drawer from '@mui/material/Drawer';
import IconButton from '@mui/material/IconButton';
import List from '@mui/material/List';
import ListItemButton from '@mui/material/ListItemButton';
import ListItemIcon from '@mui/material/ListItemIcon';
import ListItemText from '@mui/material/ListItemText';
import ListSubheader from '@mui/material/ListSubheader';
import Typography from '@mui/material/Typography';
import { Link, useLocation } from 'react-router';
import { de } from '../../i18n/de.ts';
import { displayName } from '../../lib/displayName.ts';
import { useSession } from '../../lib/SessionProvider.tsx';
import { FORUM_SHORTCUTS, POPULAR_SHORTCUTS, sideMenuEntries } from './navigation.tsx';
import { UserAvatar } from './UserAvatar.tsx';

const SIDE_MENU_WIDTH = 300;

/**
 * The side menu (SPEC.md §2 "Side menu"): avatar and display name, the items of the login state
 * and the popular category shortcuts. Choosing an item closes the menu.
 */
export function SideMenu({ open, onClose }: { open: boolean; onClose: () => void }) {
  const { user, isLoggedIn, logout } = useSession();
  const { pathname } = useLocation();

  return (
    <Drawer
      open={open}
      onClose={onClose}
      slotProps={{
        paper: { sx: { width: SIDE_MENU_WIDTH, maxWidth: '85vw' }, 'aria-label': de.sideMenu.label },
      }}
    >
      <Box
        sx={{
          display: 'flex',
          alignItems: 'center',
          gap: 1.5,
          p: 2,
          bgcolor: 'primary.main',
          color: 'primary.contrastText',
        }}
      >
        <UserAvatar user={user} size={48} />
        <Box sx={{ minWidth: 0, flexGrow: 1 }}>
          <Typography sx={{ fontWeight: 700 }} noWrap data-testid="side-menu-name">
            {isLoggedIn ? displayName(user) : de.sideMenu.guest}
          </Typography>
          <Typography variant="body2" sx={{ opacity: 0.85 }} noWrap={isLoggedIn}>
            {isLoggedIn ? user?.email : de.sideMenu.guestHint}
          </Typography>
        </Box>
        <IconButton aria-label={de.sideMenu.close} onClick={onClose} sx={{ color: 'inherit' }}>
          <CloseIcon />
        </IconButton>
      </Box>
      <Box component="nav" aria-label={de.sideMenu.label}>
        <List component="div">
          {sideMenuEntries(isLoggedIn).map((entry) =>
            'to' in entry ? (
              <ListItemButton
                key={entry.key}
                component={Link}
                to={entry.to}
                onClick={onClose}
                selected={pathname === entry.to}
              >
                <ListItemIcon>{entry.icon}</ListItemIcon>
                <ListItemText primary={entry.label} />
              </ListItemButton>
            ) : (
              <ListItemButton
                key={entry.key}
                onClick={() => {
                  onClose();
                  logout();
                }}
              >
                <ListItemIcon>{entry.icon}</ListItemIcon>
                <ListItemText primary={entry.label} />
              </ListItemButton>
            ),
          )}
        </List>
        <Divider />
        <List
          component="div"
          subheader={
            <ListSubheader component="div" disableSticky>
              {de.sideMenu.popular}
            </ListSubheader>
          }
        >
          {POPULAR_SHORTCUTS.map((shortcut) => (
            <ListItemButton key={shortcut.key} component={Link} to={shortcut.to} onClick={onClose}>
              <ListItemIcon>{shortcut.icon}</ListItemIcon>
              <ListItemText primary={shortcut.label} />
            </ListItemButton>
          ))}
        </List>
        <Divider />
        <List
          component="div"
          subheader={
            <ListSubheader component="div" disableSticky>
              <Link to="/forum" onClick={onClose} style={{ color: 'inherit' }}>
                {de.forum.menuHeading}
              </Link>
            </ListSubheader>
          }
        >
          {FORUM_SHORTCUTS.map((shortcut) => (
            <ListItemButton
              key={shortcut.key}
              component={Link}
              to={shortcut.to}
              onClick={onClose}
              selected={pathname === shortcut.to}
            >
              <ListItemIcon>{shortcut.icon}</ListItemIcon>
              <ListItemText primary={shortcut.label} />
            </ListItemButton>
          ))}
        </List>
      </Box>
    </Drawer>
  );
}
