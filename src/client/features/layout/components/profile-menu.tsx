import { useNavigate } from '@tanstack/react-router';
import { type KeyboardEvent, type RefObject, useEffect, useId, useRef, useState } from 'react';
import { ChevronDownIcon, UserIcon } from '@/client/components/icons';
import { SHOP_TEXTS } from '@/client/lib/texts';
import { logout } from '@/client/stores/account';
import type { Session } from '@/client/stores/session';
import { LAYOUT_TEXTS } from '../texts';
import { accountLink, menu, menuHeader, menuItem, menuWrap } from './layout.css';

/**
 * The signed-in shopper's menu (a menu button: arrow keys move between the items, Escape closes
 * and gives focus back to the button, a click elsewhere closes it).
 */
const itemsOf = (menuElement: HTMLElement | null) => Array.from(menuElement?.querySelectorAll<HTMLButtonElement>('[role="menuitem"]') ?? []);

export function ProfileMenu({ session, onEditProfile }: { session: Session; onEditProfile: (returnFocusTo: HTMLElement | null) => void }) {
  const [open, setOpen] = useState(false);
  const wrapRef = useRef<HTMLDivElement>(null);
  const buttonRef = useRef<HTMLButtonElement>(null);
  const menuRef = useRef<HTMLDivElement>(null);
  const navigate = useNavigate();
  const buttonId = useId();
  const menuId = useId();

  const close = (refocus: boolean) => {
    setOpen(false);
    if (refocus) buttonRef.current?.focus();
  };

  const { onButtonKeyDown, onMenuKeyDown } = useMenuKeys(menuRef, open, setOpen, close);

  // A press outside closes it.
  useEffect(() => {
    if (!open) return;
    const onPointerDown = (event: PointerEvent) => {
      if (!wrapRef.current?.contains(event.target as Node)) setOpen(false);
    };
    document.addEventListener('pointerdown', onPointerDown);
    return () => document.removeEventListener('pointerdown', onPointerDown);
  }, [open]);

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

/** The menu button's keys (arrows open it) and the menu's (arrows, Home and End move; Escape closes; Tab leaves), focus on the first item at opening. */
function useMenuKeys(menuRef: RefObject<HTMLDivElement | null>, open: boolean, setOpen: (open: boolean) => void, close: (refocus: boolean) => void) {
  const items = () => itemsOf(menuRef.current);
  const focusItem = (index: number) => {
    const all = items();
    all[(index + all.length) % all.length]?.focus();
  };

  // Focus goes to the first item when the menu opens.
  useEffect(() => {
    if (open) itemsOf(menuRef.current)[0]?.focus();
  }, [open, menuRef]);

  const onButtonKeyDown = (event: KeyboardEvent) => {
    if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
      event.preventDefault();
      setOpen(true);
    }
  };

  const onMenuKeyDown = (event: KeyboardEvent) => {
    const all = items();
    const current = all.indexOf(document.activeElement as HTMLButtonElement);
    switch (event.key) {
      case 'ArrowDown':
        event.preventDefault();
        focusItem(current + 1);
        break;
      case 'ArrowUp':
        event.preventDefault();
        focusItem(current - 1);
        break;
      case 'Home':
        event.preventDefault();
        focusItem(0);
        break;
      case 'End':
        event.preventDefault();
        focusItem(all.length - 1);
        break;
      case 'Escape':
        event.preventDefault();
        close(true);
        break;
      case 'Tab':
        setOpen(false);
        break;
    }
  };

  return { onButtonKeyDown, onMenuKeyDown };
}
