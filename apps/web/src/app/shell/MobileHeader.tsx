import LoginIcon from '@mui/icons-material/Login';
import MenuIcon from '@mui/icons-material/Menu';
import AppBar from '@mui/material/AppBar';
import Box from '@mui/material/Box';
import IconButton from '@mui/material/IconButton';
import Toolbar from '@mui/material/Toolbar';
import { Link } from 'react-router';
import { de } from '../../i18n/de.ts';
import { useSession } from '../../lib/SessionProvider.tsx';
import { AccountMenu } from './AccountMenu.tsx';
import { Logo } from './Logo.tsx';
import { NotificationBell } from './NotificationBell.tsx';
import { QuickLinkChips } from './QuickLinksBar.tsx';
import { SearchField } from './SearchField.tsx';

/**
 * Header below 900 px (SPEC.md §2 "Mobile"): menu toggle, logo, bell and account, then the quick
 * links bar and the search box.
 */
export function MobileHeader({ onToggleSideMenu }: { onToggleSideMenu: () => void }) {
  const { isLoggedIn } = useSession();

  return (
    <AppBar position="static" sx={{ bgcolor: 'background.paper', borderBottom: 1, borderColor: 'divider' }}>
      <Toolbar sx={{ gap: 1, minHeight: 56, px: 1.5 }}>
        <IconButton
          edge="start"
          aria-label={de.header.toggleSideMenu}
          onClick={onToggleSideMenu}
          color="inherit"
        >
          <MenuIcon />
        </IconButton>
        <Logo />
        <Box sx={{ flexGrow: 1 }} />
        <NotificationBell compact />
        {isLoggedIn ? (
          <AccountMenu />
        ) : (
          <IconButton component={Link} to="/login" aria-label={de.header.login} color="primary">
            <LoginIcon />
          </IconButton>
        )}
      </Toolbar>
      <QuickLinkChips />
      <Box sx={{ px: 2, pb: 1.5 }}>
        <SearchField id="mobile-search" />
      </Box>
    </AppBar>
  );
}
