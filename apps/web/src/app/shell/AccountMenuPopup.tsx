import Box from '@mui/material/Box';
import Divider from '@mui/material/Divider';
import ListItemIcon from '@mui/material/ListItemIcon';
import Menu from '@mui/material/Menu';
import MenuItem from '@mui/material/MenuItem';
import Typography from '@mui/material/Typography';
import { Link } from 'react-router';
import { displayName } from '../../lib/displayName.ts';
import { useSession } from '../../lib/SessionProvider.tsx';
import { ACCOUNT_MENU_ENTRIES } from './navigation.tsx';

/** The avatar menu: Dashboard, Meine Anzeigen, Favoriten, Einstellungen, Abmelden (SPEC.md §2). */
export function AccountMenuPopup(props: { id: string; anchor: HTMLElement | null; onClose: () => void }) {
  const { user, logout } = useSession();

  return (
    <Menu
      id={props.id}
      anchorEl={props.anchor}
      open={props.anchor !== null}
      onClose={props.onClose}
      anchorOrigin={{ vertical: 'bottom', horizontal: 'right' }}
      transformOrigin={{ vertical: 'top', horizontal: 'right' }}
      slotProps={{ paper: { sx: { minWidth: 220 } } }}
    >
      <Box sx={{ px: 2, py: 1 }}>
        <Typography sx={{ fontWeight: 700 }}>{displayName(user)}</Typography>
        {user && (
          <Typography variant="body2" color="text.secondary" noWrap>
            {user.email}
          </Typography>
        )}
      </Box>
      <Divider />
      {ACCOUNT_MENU_ENTRIES.map((entry) =>
        'to' in entry ? (
          <MenuItem key={entry.key} component={Link} to={entry.to} onClick={props.onClose}>
            <ListItemIcon>{entry.icon}</ListItemIcon>
            {entry.label}
          </MenuItem>
        ) : (
          <MenuItem
            key={entry.key}
            onClick={() => {
              props.onClose();
              logout();
            }}
          >
            <ListItemIcon>{entry.icon}</ListItemIcon>
            {entry.label}
          </MenuItem>
        ),
      )}
    </Menu>
  );
}
