import IconButton from '@mui/material/IconButton';
import { lazy, Suspense, useId, useState } from 'react';
import { de } from '../../i18n/de.ts';
import { useSession } from '../../lib/SessionProvider.tsx';
import { UserAvatar } from './UserAvatar.tsx';

/** The avatar menu, loaded when it is first opened (closed, it draws nothing). */
const AccountMenuPopup = lazy(() =>
  import('./AccountMenuPopup.tsx').then((module) => ({ default: module.AccountMenuPopup })),
);

/** The avatar button of a logged-in user; it opens the avatar menu (SPEC.md §2). */
export function AccountMenu() {
  const { user } = useSession();
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  // Mounted from its first opening on, so that it can also play its closing transition.
  const [used, setUsed] = useState(false);
  const menuId = useId();

  return (
    <>
      <IconButton
        aria-label={de.header.accountMenu}
        aria-haspopup="menu"
        aria-expanded={anchor !== null}
        aria-controls={anchor ? menuId : undefined}
        onClick={(event) => {
          setUsed(true);
          setAnchor(event.currentTarget);
        }}
        sx={{ p: 0.5 }}
      >
        <UserAvatar user={user} />
      </IconButton>
      {used && (
        <Suspense fallback={null}>
          <AccountMenuPopup id={menuId} anchor={anchor} onClose={() => setAnchor(null)} />
        </Suspense>
      )}
    </>
  );
}
