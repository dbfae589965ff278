import NotificationsIcon from '@mui/icons-material/NotificationsNone';
import IconButton from '@mui/material/IconButton';
import { lazy, type MouseEvent, Suspense, useId, useState } from 'react';
import { Link } from 'react-router';
import { HoverTip } from '../../components/HoverTip.tsx';
import { LiveUpdates, useUnreadNotificationCount } from '../../features/notifications/index.ts';
import { de } from '../../i18n/de.ts';
import { useSession } from '../../lib/SessionProvider.tsx';
import { CountBadge, countedLabel } from './CountBadge.tsx';
import { HeaderAction } from './HeaderAction.tsx';

const NotificationPanel = lazy(() =>
  import('./NotificationPanel.tsx').then((module) => ({ default: module.NotificationPanel })),
);

/**
 * The notification bell (SPEC.md §2): logged out it links to /login; logged in it shows the
 * unread count ('99+' above 99) and opens the panel of the 10 newest notifications. With
 * `compact` it is a plain icon button (mobile), else an icon with caption (desktop). Both headers
 * show it, so it also keeps the notification socket open while logged in (SPEC.md §4).
 */
export function NotificationBell({ compact = false }: { compact?: boolean }) {
  const { isLoggedIn } = useSession();
  const unread = useUnreadNotificationCount(isLoggedIn);
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const [panelRequested, setPanelRequested] = useState(false);
  const panelId = useId();

  const label = de.header.notifications;
  // The phone's bell: an icon button with the same tooltip and name as the desktop's HeaderAction.
  const compactBell = (props: object) => (
    <HoverTip title={label}>
      <IconButton aria-label={countedLabel(label, unread)} color="inherit" {...props}>
        <CountBadge count={unread}>
          <NotificationsIcon />
        </CountBadge>
      </IconButton>
    </HoverTip>
  );

  if (!isLoggedIn) {
    return compact ? (
      compactBell({ component: Link, to: '/login' })
    ) : (
      <HeaderAction icon={<NotificationsIcon />} label={label} to="/login" />
    );
  }

  const popupProps = {
    'aria-haspopup': 'dialog' as const,
    'aria-expanded': anchor !== null,
    'aria-controls': anchor ? panelId : undefined,
    onClick: (event: MouseEvent<HTMLElement>) => {
      setPanelRequested(true);
      setAnchor(event.currentTarget);
    },
  };

  return (
    <>
      {compact ? (
        compactBell(popupProps)
      ) : (
        <HeaderAction icon={<NotificationsIcon />} count={unread} label={label} {...popupProps} />
      )}
      <Suspense fallback={null}>
        <LiveUpdates />
      </Suspense>
      {panelRequested && (
        <Suspense fallback={null}>
          <NotificationPanel id={panelId} anchor={anchor} onClose={() => setAnchor(null)} />
        </Suspense>
      )}
    </>
  );
}
