import { useTheme } from '@mui/material/styles';
import { useCallback } from 'react';
import { useDeviceStore } from './handOver.tsx';

/**
 * Whether the window is at least the `md` breakpoint wide (900 px, the desktop layout of SPEC.md
 * §2), kept current; null on the server and while a server-rendered page is hydrated, where the
 * width is not known: the caller then draws both layouts and lets CSS show the one that fits
 * (`desktopOnly`, `mobileOnly`), so the first render is the server's
 * (docs/decisions/0030-one-layout-rendered-on-the-server.md). Right after hydrating, the width is
 * known and only the fitting layout stays, rendered in a transition (`useDeviceStore`).
 */
export function useIsDesktop(): boolean | null {
  const theme = useTheme();
  const query = theme.breakpoints.up('md').replace(/^@media\s*/, '');
  const subscribe = useCallback(
    (listener: () => void) => {
      if (!canMatchMedia()) return () => {};
      const list = window.matchMedia(query);
      list.addEventListener('change', listener);
      return () => list.removeEventListener('change', listener);
    },
    [query],
  );
  return useDeviceStore(subscribe, () => canMatchMedia() && window.matchMedia(query).matches, unknownWidth);
}

/** The width on the server and while hydrating: unknown. */
const unknownWidth = (): boolean | null => null;

/** Whether this window can answer media queries (a browser can; some test documents cannot: mobile). */
function canMatchMedia(): boolean {
  return typeof window.matchMedia === 'function';
}

/**
 * `display` of a wrapper (`display: contents`, so it adds no box) around what the desktop layout
 * alone shows, for `useIsDesktop`'s answer: hidden below `md` while the width is unknown.
 */
export function desktopOnly(isDesktop: boolean | null): { display: string | Record<string, string> } {
  return { display: isDesktop === null ? { xs: 'none', md: 'contents' } : 'contents' };
}

/** Like {@link desktopOnly}, for what the mobile layout alone shows: hidden from `md` up. */
export function mobileOnly(isDesktop: boolean | null): { display: string | Record<string, string> } {
  return { display: isDesktop === null ? { xs: 'contents', md: 'none' } : 'contents' };
}
