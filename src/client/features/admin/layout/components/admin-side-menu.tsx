import { Link } from '@tanstack/react-router';
import type { MouseEvent, Ref } from 'react';
import { ADMIN_MENU, type AdminMenuLink, isMenuGroup } from '../lib/menu-links';
import * as styles from './admin-layout.css';

interface AdminSideMenuProps {
  id: string;
  /** Below 1024 px: the drawer is open. */
  open: boolean;
  /** From 1024 px the menu is always there. */
  wide: boolean;
  navRef: Ref<HTMLElement>;
  /** A link was followed from the open drawer. */
  onNavigate(): void;
}

/**
 * The side menu, nav 'Admin'. The current page's link carries aria-current="page". A closed
 * drawer is inert as well as hidden, so neither Tab nor a screen reader finds its links.
 */
export function AdminSideMenu({ id, open, wide, navRef, onNavigate }: AdminSideMenuProps) {
  const onClick = (event: MouseEvent) => {
    if (open && (event.target as Element).closest('a')) onNavigate();
  };
  return (
    // biome-ignore lint/a11y/useKeyWithClickEvents: the links inside are the controls; this only hears that one was followed
    <nav ref={navRef} id={id} aria-label="Admin" className={styles.sideMenu} data-open={open} inert={!wide && !open} onClick={onClick}>
      <ul className={styles.menuList}>
        {ADMIN_MENU.map((entry) =>
          isMenuGroup(entry) ? (
            <li key={entry.label}>
              <span id={`${id}-${entry.label}`} className={styles.groupLabel}>
                {entry.label}
              </span>
              <ul className={styles.menuList} aria-labelledby={`${id}-${entry.label}`}>
                {entry.links.map((link) => (
                  <li key={link.to}>
                    <MenuLink link={link} className={styles.subMenuLink} />
                  </li>
                ))}
              </ul>
            </li>
          ) : (
            <li key={entry.to}>
              <MenuLink link={entry} className={styles.menuLink} />
            </li>
          ),
        )}
      </ul>
    </nav>
  );
}

function MenuLink({ link, className }: { link: AdminMenuLink; className: string }) {
  return (
    <Link to={link.to} className={className} activeOptions={{ exact: link.exact, includeSearch: false }}>
      {link.label}
    </Link>
  );
}
