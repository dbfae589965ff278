import AnalyticsIcon from '@mui/icons-material/Analytics';
import AppRegistrationIcon from '@mui/icons-material/AppRegistration';
import CategoryIcon from '@mui/icons-material/Category';
import ChairIcon from '@mui/icons-material/Chair';
import ChatIcon from '@mui/icons-material/ChatBubbleOutlineOutlined';
import CheckroomIcon from '@mui/icons-material/Checkroom';
import DashboardIcon from '@mui/icons-material/Dashboard';
import DevicesIcon from '@mui/icons-material/Devices';
import DirectionsCarIcon from '@mui/icons-material/DirectionsCar';
import FavoriteIcon from '@mui/icons-material/FavoriteBorder';
import ForumIcon from '@mui/icons-material/Forum';
import HomeIcon from '@mui/icons-material/Home';
import ListAltIcon from '@mui/icons-material/ListAlt';
import LoginIcon from '@mui/icons-material/Login';
import LogoutIcon from '@mui/icons-material/Logout';
import PaymentsIcon from '@mui/icons-material/Payments';
import PersonIcon from '@mui/icons-material/Person';
import SettingsIcon from '@mui/icons-material/Settings';
import type { ReactElement } from 'react';
import { de } from '../../i18n/de.ts';
import type { NavLink } from './quickLinks.ts';

/** An entry of the side or avatar menu: a link, or the logout action. */
export type MenuEntry =
  | (NavLink & { icon: ReactElement })
  | { key: 'logout'; label: string; icon: ReactElement };

/**
 * Items of the side menu for a login state, in display order (SPEC.md §2 "Side menu"): the items
 * for all users, then either the logged-in items ending with Abmelden, or Anmelden and Registrieren.
 */
export function sideMenuEntries(isLoggedIn: boolean): MenuEntry[] {
  const forAll: MenuEntry[] = [
    { key: 'home', label: de.sideMenu.home, to: '/', icon: <HomeIcon /> },
    { key: 'categories', label: de.sideMenu.categories, to: '/categories', icon: <CategoryIcon /> },
    { key: 'favorites', label: de.sideMenu.favorites, to: '/favorites', icon: <FavoriteIcon /> },
    { key: 'chat', label: de.sideMenu.chat, to: '/chat', icon: <ChatIcon /> },
  ];
  if (!isLoggedIn) {
    return [
      ...forAll,
      { key: 'login', label: de.sideMenu.login, to: '/login', icon: <LoginIcon /> },
      { key: 'register', label: de.sideMenu.register, to: '/register', icon: <AppRegistrationIcon /> },
    ];
  }
  return [
    ...forAll,
    { key: 'my-listings', label: de.sideMenu.myListings, to: '/my-listings', icon: <ListAltIcon /> },
    { key: 'saved', label: de.sideMenu.saved, to: '/saved', icon: <FavoriteIcon /> },
    { key: 'profile', label: de.sideMenu.profile, to: '/profile', icon: <PersonIcon /> },
    { key: 'settings', label: de.sideMenu.settings, to: '/settings', icon: <SettingsIcon /> },
    { key: 'payments', label: de.sideMenu.payments, to: '/payments', icon: <PaymentsIcon /> },
    { key: 'analytics', label: de.sideMenu.analytics, to: '/analytics', icon: <AnalyticsIcon /> },
    { key: 'logout', label: de.sideMenu.logout, icon: <LogoutIcon /> },
  ];
}

/** Popular category shortcuts of the side menu (SPEC.md §2). */
export const POPULAR_SHORTCUTS: readonly (NavLink & { icon: ReactElement })[] = [
  { key: 'autos', label: de.sideMenu.popularCars, to: '/category/autos', icon: <DirectionsCarIcon /> },
  { key: 'mode', label: de.sideMenu.popularFashion, to: '/category/mode', icon: <CheckroomIcon /> },
  {
    key: 'elektronik',
    label: de.sideMenu.popularElectronics,
    to: '/category/elektronik',
    icon: <DevicesIcon />,
  },
  { key: 'moebel', label: de.sideMenu.popularFurniture, to: '/category/moebel', icon: <ChairIcon /> },
];

/** The three forums in the side menu (SPEC.md: business, games, sports). */
export const FORUM_SHORTCUTS: readonly (NavLink & { icon: ReactElement })[] = [
  {
    key: 'forum-business',
    label: de.forums.business ?? 'Business Forum',
    to: '/forum/business',
    icon: <ForumIcon />,
  },
  { key: 'forum-games', label: de.forums.games ?? 'Games Forum', to: '/forum/games', icon: <ForumIcon /> },
  { key: 'forum-sports', label: de.forums.sports ?? 'Sport Forum', to: '/forum/sports', icon: <ForumIcon /> },
];

/** Avatar menu of the header (SPEC.md §2 "Desktop header"). */
export const ACCOUNT_MENU_ENTRIES: readonly MenuEntry[] = [
  { key: 'dashboard', label: de.accountMenu.dashboard, to: '/dashboard', icon: <DashboardIcon /> },
  { key: 'listings', label: de.accountMenu.myListings, to: '/listings', icon: <ListAltIcon /> },
  { key: 'favorites', label: de.accountMenu.favorites, to: '/favorites', icon: <FavoriteIcon /> },
  { key: 'settings', label: de.accountMenu.settings, to: '/settings', icon: <SettingsIcon /> },
  { key: 'logout', label: de.accountMenu.logout, icon: <LogoutIcon /> },
];
