import Box from '@mui/material/Box';
import { lazy, Suspense, useState } from 'react';
import { Outlet, ScrollRestoration } from 'react-router';
import { TermsGate } from '../../features/legal/index.ts';
import { BOTTOM_NAV_HEIGHT_PX } from '../../lib/constants.ts';
import { desktopOnly, mobileOnly, useIsDesktop } from '../../lib/useIsDesktop.ts';
import { BottomNav } from './BottomNav.tsx';
import { CookieBanner } from './CookieBanner.tsx';
import { DESKTOP_HEADER_HEIGHT_PX, DesktopHeader } from './DesktopHeader.tsx';
import { Footer } from './Footer.tsx';
import { MobileHeader } from './MobileHeader.tsx';

/**
 * The side menu, loaded when it is first opened: closed, it draws nothing, and its drawer (MUI's
 * Modal, focus trap and transitions) would only lengthen the first script every page evaluates
 * before hydrating (docs/decisions/0030-one-layout-rendered-on-the-server.md).
 */
const SideMenu = lazy(() => import('./SideMenu.tsx').then((module) => ({ default: module.SideMenu })));

/**
 * The page frame of SPEC.md §2: desktop header from 900 px up, else the mobile header and the
 * bottom navigation; side menu, page content, footer, cookie banner and, for a member who has
 * not accepted the current AGB, the question to accept them.
 */
export function AppShell() {
  // null while the width is unknown (on the server, while hydrating): both layouts, by CSS.
  const isDesktop = useIsDesktop();
  const [sideMenuOpen, setSideMenuOpen] = useState(false);
  // Mounted from its first opening on, so that it can also play its closing transition.
  const [sideMenuUsed, setSideMenuUsed] = useState(false);
  const toggleSideMenu = () => {
    setSideMenuUsed(true);
    setSideMenuOpen((open) => !open);
  };
  const bottomSpace = isDesktop ? 0 : BOTTOM_NAV_HEIGHT_PX;
  const bottomPadding = isDesktop === null ? { xs: `${bottomSpace}px`, md: 0 } : `${bottomSpace}px`;

  return (
    <Box sx={{ minHeight: '100vh', display: 'flex', flexDirection: 'column', pb: bottomPadding }}>
      {isDesktop !== false && (
        <Box sx={desktopOnly(isDesktop)}>
          <DesktopHeader onToggleSideMenu={toggleSideMenu} />
        </Box>
      )}
      {isDesktop !== true && (
        <Box sx={mobileOnly(isDesktop)}>
          <MobileHeader onToggleSideMenu={toggleSideMenu} />
        </Box>
      )}
      {sideMenuUsed && (
        <Suspense fallback={null}>
          <SideMenu open={sideMenuOpen} onClose={() => setSideMenuOpen(false)} />
        </Suspense>
      )}
      {/* At least a screen high, so the footer does not jump while a page arrives. */}
      <Box
        component="main"
        sx={{ flexGrow: 1, minHeight: { xs: '100vh', md: `calc(100vh - ${DESKTOP_HEADER_HEIGHT_PX}px)` } }}
      >
        <Outlet />
      </Box>
      <Footer />
      {isDesktop !== true && (
        <Box sx={mobileOnly(isDesktop)}>
          <BottomNav />
        </Box>
      )}
      <CookieBanner bottomOffset={bottomSpace} />
      <TermsGate />
      <ScrollRestoration />
    </Box>
  );
}
