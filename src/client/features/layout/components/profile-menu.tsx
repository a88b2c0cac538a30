import { useNavigate } from '@tanstack/react-router';
import { useId } from 'react';
import { ChevronDownIcon, UserIcon } from '@/client/components/icons';
import { menuItem } from '@/client/components/menu.css';
import { SHOP_TEXTS } from '@/client/lib/texts';
import { useMenuButton } from '@/client/lib/use-menu-button';
import { logout } from '@/client/stores/account';
import type { Session } from '@/client/stores/session';
import { LAYOUT_TEXTS } from '../texts';
import { accountLink, menu, menuHeader, menuWrap } from './layout.css';

/**
 * The signed-in shopper's menu (a menu button: arrow keys move between the items, Escape closes
 * and gives focus back to the button, a click elsewhere closes it: lib/use-menu-button.ts).
 */
export function ProfileMenu({ session, onEditProfile }: { session: Session; onEditProfile: (returnFocusTo: HTMLElement | null) => void }) {
  const { open, setOpen, close, wrapRef, buttonRef, menuRef, onButtonKeyDown, onMenuKeyDown } = useMenuButton();
  const navigate = useNavigate();
  const buttonId = useId();
  const menuId = useId();

  const editProfile = () => {
    close(true);
    onEditProfile(buttonRef.current);
  };

  const signOut = async () => {
    setOpen(false);
    if (await logout()) await navigate({ to: '/signin' });
  };

  return (
    <div ref={wrapRef} className={menuWrap}>
      <button
        ref={buttonRef}
        id={buttonId}
        type="button"
        className={accountLink}
        aria-haspopup="menu"
        aria-expanded={open}
        aria-controls={menuId}
        onClick={() => setOpen((o) => !o)}
        onKeyDown={onButtonKeyDown}
      >
        <UserIcon />
        Profile
        <ChevronDownIcon />
      </button>
      <div className={menu} hidden={!open}>
        <p className={menuHeader}>
          {LAYOUT_TEXTS.signedInAs} <strong>{session.fullName || session.email}</strong>
        </p>
        <div ref={menuRef} id={menuId} role="menu" aria-labelledby={buttonId} tabIndex={-1} onKeyDown={onMenuKeyDown}>
          <button type="button" role="menuitem" tabIndex={-1} className={menuItem} onClick={editProfile}>
            {SHOP_TEXTS.editProfile}
          </button>
          <button type="button" role="menuitem" tabIndex={-1} className={menuItem} onClick={() => void signOut()}>
            Logout
          </button>
        </div>
      </div>
    </div>
  );
}
