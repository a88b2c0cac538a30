import { Link } from '@tanstack/react-router';
import type { Ref } from 'react';
import { Busy } from '@/client/components/busy';
import { DEFAULT_SHOP_NAME, useShopSettings } from '@/client/lib/queries/settings';
import * as styles from './admin-layout.css';
import { HomeIcon, LogoutIcon, MenuIcon } from './icons';

interface AdminTopBarProps {
  menuId: string;
  menuOpen: boolean;
  onToggleMenu(): void;
  toggleRef: Ref<HTMLButtonElement>;
  signingOut: boolean;
  onLogout(): void;
}

/**
 * The admin top bar: Menu (below 1024 px), the shop's logo and name to the dashboard, Home Page (the
 * storefront) and Logout. Home Page is in the bar, not floating over the page, so it never covers a
 * row's button or a link.
 */
export function AdminTopBar({ menuId, menuOpen, onToggleMenu, toggleRef, signingOut, onLogout }: AdminTopBarProps) {
  const settings = useShopSettings();
  const shopName = settings?.shopName || DEFAULT_SHOP_NAME;
  return (
    <header className={styles.topBar}>
      <button ref={toggleRef} type="button" className={styles.menuToggle} aria-expanded={menuOpen} aria-controls={menuId} onClick={onToggleMenu}>
        <MenuIcon />
        Menu
      </button>
      <Link to="/admin" className={styles.brand}>
        {settings?.logo && <img className={styles.brandLogo} src={settings.logo} alt="" height={32} />}
        <span className={styles.brandName}>{shopName}</span> <span className={styles.brandTag}>Admin</span>
      </Link>
      <nav aria-label="Storefront" className={styles.storefrontNav}>
        <Link to="/" className={styles.homeLink}>
          <HomeIcon />
          <span className={styles.homeLinkText}>Home Page</span>
        </Link>
      </nav>
      <button type="button" className={styles.logoutButton} onClick={onLogout} disabled={signingOut}>
        {signingOut ? (
          <Busy />
        ) : (
          <span className={styles.logoutIcon}>
            <LogoutIcon />
          </span>
        )}
        Logout
      </button>
    </header>
  );
}
