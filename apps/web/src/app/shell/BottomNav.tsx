import AddBoxIcon from '@mui/icons-material/AddBox';
import ChatIcon from '@mui/icons-material/ChatBubbleOutlineOutlined';
import DashboardIcon from '@mui/icons-material/Dashboard';
import FavoriteIcon from '@mui/icons-material/FavoriteBorder';
import HomeIcon from '@mui/icons-material/Home';
import BottomNavigation from '@mui/material/BottomNavigation';
import BottomNavigationAction from '@mui/material/BottomNavigationAction';
import Paper from '@mui/material/Paper';
import type { ReactNode } from 'react';
import { Link, useLocation } from 'react-router';
import { useUnreadMessageCount } from '../../features/chat/index.ts';
import { useFavoriteCount } from '../../features/favorites/index.ts';
import { de } from '../../i18n/de.ts';
import { BOTTOM_NAV_HEIGHT_PX } from '../../lib/constants.ts';
import { useSession } from '../../lib/SessionProvider.tsx';
import { CountBadge } from './CountBadge.tsx';

/** The five tabs of the mobile bottom navigation, in order (SPEC.md §2 "Mobile"). */
export const BOTTOM_NAV_TABS = [
  { key: 'home', label: de.bottomNav.home, to: '/' },
  { key: 'favorites', label: de.bottomNav.favorites, to: '/favorites' },
  { key: 'create', label: de.bottomNav.create, to: '/create-listing' },
  { key: 'chat', label: de.bottomNav.chat, to: '/chat' },
  { key: 'dashboard', label: de.bottomNav.dashboard, to: '/dashboard' },
] as const;

/** The tab whose page is open: exact match for Start, prefix match for the others; null if none. */
export function activeTab(pathname: string): string | null {
  for (const tab of BOTTOM_NAV_TABS) {
    if (tab.to === '/' ? pathname === '/' : pathname === tab.to || pathname.startsWith(`${tab.to}/`))
      return tab.key;
  }
  return null;
}

/**
 * Bottom navigation below 900 px (SPEC.md §2 "Mobile"): Start, Favoriten (favourite count),
 * Erstellen, Chat (unread message count), Dashboard.
 */
export function BottomNav() {
  const { pathname } = useLocation();
  const { isLoggedIn } = useSession();
  const favoriteCount = useFavoriteCount(isLoggedIn);
  const unreadMessages = useUnreadMessageCount(isLoggedIn);

  const icons: Record<(typeof BOTTOM_NAV_TABS)[number]['key'], ReactNode> = {
    home: <HomeIcon />,
    favorites: (
      <CountBadge count={favoriteCount}>
        <FavoriteIcon />
      </CountBadge>
    ),
    create: <AddBoxIcon />,
    chat: (
      <CountBadge count={unreadMessages}>
        <ChatIcon />
      </CountBadge>
    ),
    dashboard: <DashboardIcon />,
  };

  return (
    <Paper
      component="nav"
      aria-label={de.bottomNav.label}
      elevation={8}
      sx={{
        position: 'fixed',
        left: 0,
        right: 0,
        bottom: 0,
        zIndex: (theme) => theme.zIndex.appBar,
        pb: 'env(safe-area-inset-bottom)',
      }}
    >
      {/* Each tab takes its fifth of the width from the left, however many tabs the browser has
          parsed yet: a page streamed in pieces paints before the bar's last tabs arrive, and
          MUI's centred tabs of up to 168 px would then move when they do (a layout shift). */}
      <BottomNavigation
        showLabels
        value={activeTab(pathname)}
        sx={{ height: BOTTOM_NAV_HEIGHT_PX, justifyContent: 'flex-start' }}
      >
        {BOTTOM_NAV_TABS.map((tab) => (
          <BottomNavigationAction
            key={tab.key}
            value={tab.key}
            label={tab.label}
            icon={icons[tab.key]}
            component={Link}
            to={tab.to}
            // Five tabs share the width of the narrowest phone (320 px): MUI's 80 px minimum and
            // 12 px padding would push 'Start' and 'Dashboard' beyond the window's edges.
            sx={{ minWidth: 0, maxWidth: 'none', flex: `0 0 ${100 / BOTTOM_NAV_TABS.length}%`, px: 0.5 }}
          />
        ))}
      </BottomNavigation>
    </Paper>
  );
}
