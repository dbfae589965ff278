import IconButton from '@mui/material/IconButton';
import { useId, useState } from 'react';
import { de } from '../../i18n/de.ts';
import { useSession } from '../../lib/SessionProvider.tsx';
import { AccountMenuPopup } from './AccountMenuPopup.tsx';
import { UserAvatar } from './UserAvatar.tsx';

/** The avatar button of a logged-in user; it opens the avatar menu (SPEC.md §2). */
export function AccountMenu() {
  const { user } = useSession();
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const menuId = useId();

  return (
    <>
      <IconButton
        aria-label={de.header.accountMenu}
        aria-haspopup="menu"
        aria-expanded={anchor !== null}
        aria-controls={anchor ? menuId : undefined}
        onClick={(event) => setAnchor(event.currentTarget)}
        sx={{ p: 0.5 }}
      >
        <UserAvatar user={user} />
      </IconButton>
      <AccountMenuPopup id={menuId} anchor={anchor} onClose={() => setAnchor(null)} />
    </>
  );
}
