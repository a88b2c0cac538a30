import { Link } from '@tanstack/react-router';
import { lazy, type ReactNode, Suspense } from 'react';
import { CartIcon } from '@/client/components/icons';
import { SHOP_TEXTS } from '@/client/lib/texts';
import { cartCount, useCart } from '@/client/stores/cart';
import { isAdmin, useSession } from '@/client/stores/session';
import { LAYOUT_TEXTS } from '../texts';
import {
  accountLink,
  actions,
  adminLink,
  badge,
  cartText,
  desktopNav,
  desktopOnly,
  iconButton,
  logo,
  logoAccent,
  navLink,
  navList,
  searchSlot,
  topBar,
  topBarInner,
} from './layout.css';
import { MobileMenu } from './mobile-menu';
import { NAV_LINKS } from './nav-links';

/** Signed in only, on wide screens: fetched then, not with the first page of a shopper who is not. */
const ProfileMenu = lazy(() => import('./profile-menu').then((m) => ({ default: m.ProfileMenu })));

/**
 * The fixed top bar (spec section 2). Phones and tablets: menu button, logo, search toggle, cart;
 * the categories and the account live in the slide-in menu. Desktop (1024 px and up): everything in
 * one row.
 */
export function TopBar({ search, onEditProfile }: { search?: ReactNode; onEditProfile: (returnFocusTo: HTMLElement | null) => void }) {
  const session = useSession((s) => s.session);
  return (
    <header className={topBar}>
      <div className={topBarInner}>
        <MobileMenu onEditProfile={onEditProfile} />
        <Link to="/" className={logo} aria-label="Nkuto Naturals, home">
          Nkuto<span className={logoAccent}>&nbsp;Naturals</span>
        </Link>
        <nav aria-label="Main" className={desktopNav}>
          <ul className={navList}>
            {NAV_LINKS.map((link) => (
              <li key={link.to}>
                <Link to={link.to} className={navLink}>
                  {link.label}
                </Link>
              </li>
            ))}
          </ul>
        </nav>
        {search && <div className={searchSlot}>{search}</div>}
        <div className={actions}>
          {isAdmin(session) && (
            <div className={desktopOnly}>
              {/* A plain link: the admin area is its own part of the app. */}
              <a href="/admin" className={adminLink}>
                {LAYOUT_TEXTS.adminPanel}
              </a>
            </div>
          )}
          <div className={desktopOnly}>
            {session ? (
              <Suspense fallback={null}>
                <ProfileMenu session={session} onEditProfile={onEditProfile} />
              </Suspense>
            ) : (
              <Link to="/signin" className={accountLink}>
                {SHOP_TEXTS.signIn}
              </Link>
            )}
          </div>
          <CartLink />
        </div>
      </div>
    </header>
  );
}

function CartLink() {
  const count = cartCount(useCart((s) => s.items));
  return (
    <Link to="/cart" className={iconButton} aria-label={`Cart, ${count} ${count === 1 ? 'item' : 'items'}`}>
      <CartIcon />
      <span className={cartText} aria-hidden="true">
        Cart
      </span>
      {count > 0 && (
        <span className={badge} aria-hidden="true" data-testid="cart-badge">
          {count > 99 ? '99+' : count}
        </span>
      )}
    </Link>
  );
}
