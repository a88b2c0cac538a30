import { Link, useNavigate } from '@tanstack/react-router';
import { type RefObject, useEffect } from 'react';
import { CloseIcon } from '@/client/components/icons';
import { SHOP_TEXTS } from '@/client/lib/texts';
import { useFocusAfterClose, useFocusTrap } from '@/client/lib/use-focus-trap';
import { logout } from '@/client/stores/account';
import { isAdmin, type Session, useSession } from '@/client/stores/session';
import { media } from '@/client/styles/theme.css';
import { LAYOUT_TEXTS } from '../texts';
import { InstallApp, IosInstallDialog } from './install-app';
import { menuButton } from './install-app.css';
import { iconButton, panelHeader, panelLink, panelList, panelNote, panelSection, panelTitle } from './layout.css';
import { NAV_LINKS } from './nav-links';

/**
 * What the open menu shows, inside the panel that mobile-menu.tsx keeps in the page (closed, it is
 * an empty hidden dialog): the title, Close, the shop's links and the account actions. Its own chunk,
 * loaded when the menu is first opened or the phone is idle. Mounted only while open: focus moves
 * inside as it mounts and the page behind stops scrolling; Escape or a wider screen closes it.
 */
export function MenuPanel({
  panelRef,
  titleId,
  onClose,
  onHide,
  onEditProfile,
  onShowInstallSteps,
}: {
  panelRef: RefObject<HTMLDivElement | null>;
  titleId: string;
  /** Closes, focus back on the Menu button. */
  onClose(): void;
  /** Closes where the button is gone (past the breakpoint). */
  onHide(): void;
  onEditProfile(): void;
  onShowInstallSteps(): void;
}) {
  const session = useSession((s) => s.session);
  const navigate = useNavigate();

  useFocusTrap(panelRef, { onEscape: onClose, lockScroll: true });

  // Growing past the breakpoint hides the panel: close it rather than leave focus inside.
  useEffect(() => {
    const wide = typeof window.matchMedia === 'function' ? window.matchMedia(media.desktop) : null;
    const onWide = () => {
      if (wide?.matches) onHide();
    };
    wide?.addEventListener('change', onWide);
    return () => wide?.removeEventListener('change', onWide);
  }, [onHide]);

  const signOut = async () => {
    onClose();
    if (await logout()) await navigate({ to: '/signin' });
  };

  return (
    <>
      <div className={panelHeader}>
        <h2 id={titleId} className={panelTitle}>
          Menu
        </h2>
        <button type="button" className={iconButton} aria-label="Close menu" onClick={onClose}>
          <CloseIcon />
        </button>
      </div>
      <MenuLinks />
      <div className={panelSection}>
        <MenuAccount session={session} onEditProfile={onEditProfile} onSignOut={() => void signOut()} />
        <InstallApp className={menuButton} onShowInstructions={onShowInstallSteps} />
      </div>
    </>
  );
}

/**
 * The iOS install steps opened from the menu's Install app button (so they come with this chunk):
 * they outlive the panel, which closes as they open; focus comes back to the Menu button once they
 * are closed (the page is no longer inert by then).
 */
export function MenuInstallSteps({ open, onClose, returnFocusTo }: { open: boolean; onClose(): void; returnFocusTo: RefObject<HTMLElement | null> }) {
  useFocusAfterClose(open, returnFocusTo);
  return open ? <IosInstallDialog onClose={onClose} /> : null;
}

/** The panel's shop links: home, all products and the categories. */
function MenuLinks() {
  return (
    <nav aria-label="Shop">
      <ul className={panelList}>
        <li>
          <Link to="/" className={panelLink} activeOptions={{ exact: true }}>
            Home
          </Link>
        </li>
        <li>
          <Link to="/products" className={panelLink}>
            All Products
          </Link>
        </li>
        {NAV_LINKS.map((link) => (
          <li key={link.to}>
            <Link to={link.to} className={panelLink}>
              {link.label}
            </Link>
          </li>
        ))}
      </ul>
    </nav>
  );
}

/** Signed in: who, the admin link for an admin, Edit Profile and Logout; else the ways in. */
function MenuAccount({ session, onEditProfile, onSignOut }: { session: Session | null; onEditProfile(): void; onSignOut(): void }) {
  return session ? (
    <>
      <p className={panelNote}>
        {LAYOUT_TEXTS.signedInAs} <strong>{session.fullName || session.email}</strong>
      </p>
      {isAdmin(session) && (
        <a href="/admin" className={panelLink}>
          {LAYOUT_TEXTS.adminPanel}
        </a>
      )}
      <button type="button" className={panelLink} onClick={onEditProfile}>
        {SHOP_TEXTS.editProfile}
      </button>
      <button type="button" className={panelLink} onClick={onSignOut}>
        Logout
      </button>
    </>
  ) : (
    <>
      <Link to="/signin" className={panelLink}>
        {SHOP_TEXTS.signIn}
      </Link>
      <Link to="/signup" className={panelLink}>
        Create an account
      </Link>
    </>
  );
}
