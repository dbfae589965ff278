import AddIcon from '@mui/icons-material/AddCircle';
import StoriesIcon from '@mui/icons-material/AutoStories';
import ChatIcon from '@mui/icons-material/ChatBubbleOutlineOutlined';
import DirectionsCarIcon from '@mui/icons-material/DirectionsCar';
import FeedIcon from '@mui/icons-material/DynamicFeed';
import ForumIcon from '@mui/icons-material/Forum';
import MenuIcon from '@mui/icons-material/Menu';
import AppBar from '@mui/material/AppBar';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Container from '@mui/material/Container';
import IconButton from '@mui/material/IconButton';
import Toolbar from '@mui/material/Toolbar';
import { Link } from 'react-router';
import { useUnreadMessageCount } from '../../features/chat/index.ts';
import { de } from '../../i18n/de.ts';
import { useSession } from '../../lib/SessionProvider.tsx';
import { AccountMenu } from './AccountMenu.tsx';
import { HeaderAction } from './HeaderAction.tsx';
import { Logo } from './Logo.tsx';
import { NotificationBell } from './NotificationBell.tsx';
import { TopLinks } from './QuickLinksBar.tsx';
import { SearchField } from './SearchField.tsx';
import { useTopBarVisible } from './useTopBarVisible.ts';

/** Height (px) of the top link bar; it collapses to 0 when hidden. */
const TOP_BAR_HEIGHT_PX = 36;
/** Height (px) of the main bar, including its bottom border. */
const MAIN_BAR_HEIGHT_PX = 69;
/** Space (px) the fixed desktop header takes at the top of the page. */
export const DESKTOP_HEADER_HEIGHT_PX = TOP_BAR_HEIGHT_PX + MAIN_BAR_HEIGHT_PX;

/**
 * Desktop header (SPEC.md §2): a top link bar that collapses when scrolling down and a main bar
 * with logo, side-menu toggle, cars shortcut, search, feed, stories, chat (unread messages), bell,
 * create-listing and the avatar menu or 'Anmelden'.
 */
export function DesktopHeader({ onToggleSideMenu }: { onToggleSideMenu: () => void }) {
  const topBarVisible = useTopBarVisible();
  const { isLoggedIn } = useSession();
  const unreadMessages = useUnreadMessageCount(isLoggedIn);

  // The header is fixed above a spacer of its full height, so collapsing the top link bar never
  // moves the page content (no layout shift, no scroll feedback at the page end).
  return (
    <>
      <AppBar position="fixed" sx={{ borderBottom: 1, borderColor: 'divider', bgcolor: 'background.paper' }}>
        <Box
          data-testid="top-link-bar"
          inert={!topBarVisible}
          aria-hidden={!topBarVisible}
          sx={{
            height: topBarVisible ? TOP_BAR_HEIGHT_PX : 0,
            overflow: 'hidden',
            transition: 'height 200ms ease',
            bgcolor: 'primary.dark',
            color: 'primary.contrastText',
          }}
        >
          <Container
            maxWidth="xl"
            sx={{
              height: TOP_BAR_HEIGHT_PX,
              display: 'flex',
              alignItems: 'center',
              justifyContent: 'flex-end',
            }}
          >
            <TopLinks />
          </Container>
        </Box>
        <Container maxWidth="xl" disableGutters>
          <Toolbar sx={{ gap: { md: 1, lg: 1.5 }, height: MAIN_BAR_HEIGHT_PX - 1 }}>
            <IconButton
              edge="start"
              aria-label={de.header.toggleSideMenu}
              onClick={onToggleSideMenu}
              color="inherit"
            >
              <MenuIcon />
            </IconButton>
            <Logo hideNameBelowLg />
            <Button
              component={Link}
              to="/autos"
              color="inherit"
              aria-label={de.header.cars}
              startIcon={<DirectionsCarIcon />}
              sx={{
                flexShrink: 0,
                ml: { md: 0, lg: 1 },
                minWidth: 0,
                '& .MuiButton-startIcon': { mr: { md: 0, lg: 1 } },
              }}
            >
              <Box component="span" sx={{ display: { xs: 'none', lg: 'inline' } }}>
                {de.header.cars}
              </Box>
            </Button>
            <Box sx={{ flexGrow: 1, minWidth: { md: 170, lg: 240 }, maxWidth: 560, mx: { md: 0, lg: 1 } }}>
              <SearchField id="desktop-search" />
            </Box>
            <Box sx={{ flexGrow: 1 }} />
            <HeaderAction icon={<ForumIcon />} label={de.forum.headerLink} to="/forum" />
            <HeaderAction icon={<FeedIcon />} label={de.header.feed} to="/feed" />
            <HeaderAction icon={<StoriesIcon />} label={de.header.stories} to="/stories" />
            <HeaderAction icon={<ChatIcon />} count={unreadMessages} label={de.header.chat} to="/chat" />
            <NotificationBell />
            <Button
              component={Link}
              to="/create-listing"
              variant="contained"
              color="secondary"
              startIcon={<AddIcon />}
              sx={{ flexShrink: 0, borderRadius: 5, px: 2 }}
            >
              {de.header.createListing}
            </Button>
            {isLoggedIn ? (
              <AccountMenu />
            ) : (
              <Button component={Link} to="/login" variant="outlined" sx={{ flexShrink: 0, borderRadius: 5 }}>
                {de.header.login}
              </Button>
            )}
          </Toolbar>
        </Container>
      </AppBar>
      <Box aria-hidden sx={{ height: DESKTOP_HEADER_HEIGHT_PX, flexShrink: 0 }} />
    </>
  );
}
