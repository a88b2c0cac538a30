import { Link, useNavigate } from '@tanstack/react-router';
import { type MouseEvent, useEffect, useId, useRef, useState } from 'react';
import { CloseIcon, MenuIcon } from '@/client/components/icons';
import { takeEarlyTap } from '@/client/lib/early-taps';
import { SHOP_TEXTS } from '@/client/lib/texts';
import { useFocusAfterClose, useFocusTrap } from '@/client/lib/use-focus-trap';
import { logout } from '@/client/stores/account';
import { isAdmin, type Session, useSession } from '@/client/stores/session';
import { media } from '@/client/styles/theme.css';
import { LAYOUT_TEXTS } from '../texts';
import { InstallApp, IosInstallDialog } from './install-app';
import { menuButton } from './install-app.css';
import { backdrop, hamburger, iconButton, panel, panelHeader, panelLink, panelList, panelNote, panelSection, panelTitle } from './layout.css';
import { NAV_LINKS } from './nav-links';

/**
 * The small-screen menu (< 1024 px): a hamburger button and a panel sliding in from the left with
 * the category links and the account actions. Focus moves into the panel when it opens and back to
 * the button when it closes; Escape, a link, the close button or the backdrop close it.
 */
export function MobileMenu({ onEditProfile }: { onEditProfile: (returnFocusTo: HTMLElement | null) => void }) {
  const [open, setOpen] = useState(false);
  const [installSteps, setInstallSteps] = useState(false);
  const session = useSession((s) => s.session);
  const navigate = useNavigate();
  const buttonRef = useRef<HTMLButtonElement>(null);
  const panelRef = useRef<HTMLDivElement>(null);
  const panelId = useId();
  const titleId = useId();

  const close = () => {
    setOpen(false);
    buttonRef.current?.focus();
  };

  useFocusTrap(panelRef, { active: open, onEscape: close, lockScroll: true });

  // Tapped on the server's page before the app took over: open now, as the shopper asked.
  useEffect(() => {
    if (takeEarlyTap('menu')) setOpen(true);
  }, []);

  useEffect(() => {
    if (!open) return;
    // Growing past the breakpoint hides the panel: close it rather than leave focus inside.
    const wide = typeof window.matchMedia === 'function' ? window.matchMedia(media.desktop) : null;
    const onWide = () => {
      if (wide?.matches) setOpen(false);
    };
    wide?.addEventListener('change', onWide);
    return () => wide?.removeEventListener('change', onWide);
  }, [open]);

  // Following any link closes the panel.
  const onPanelClick = (event: MouseEvent) => {
    if ((event.target as Element).closest('a')) close();
  };

  const editProfile = () => {
    close();
    onEditProfile(buttonRef.current);
  };

  // The iOS install steps outlive the panel: it closes, the steps open, and focus comes back to the
  // hamburger once they are closed (the page is no longer inert by then).
  const showInstallSteps = () => {
    setOpen(false);
    setInstallSteps(true);
  };

  const closeInstallSteps = () => setInstallSteps(false);

  useFocusAfterClose(installSteps, buttonRef);

  const signOut = async () => {
    close();
    if (await logout()) await navigate({ to: '/signin' });
  };

  return (
    <>
      <button
        ref={buttonRef}
        type="button"
        className={hamburger}
        aria-label="Menu"
        data-early-tap="menu"
        aria-expanded={open}
        aria-controls={panelId}
        onClick={() => setOpen((o) => !o)}
      >
        <MenuIcon />
      </button>
      {open && <div className={backdrop} aria-hidden="true" data-testid="menu-backdrop" onClick={close} />}
      {/* biome-ignore lint/a11y/useKeyWithClickEvents: the links inside are the controls; this only hears that one was followed */}
      <div ref={panelRef} id={panelId} role="dialog" aria-modal="true" aria-labelledby={titleId} className={panel} hidden={!open} onClick={onPanelClick}>
        {open && (
          <>
            <div className={panelHeader}>
              <h2 id={titleId} className={panelTitle}>
                Menu
              </h2>
              <button type="button" className={iconButton} aria-label="Close menu" onClick={close}>
                <CloseIcon />
              </button>
            </div>
            <MenuLinks />
            <div className={panelSection}>
              <MenuAccount session={session} onEditProfile={editProfile} onSignOut={() => void signOut()} />
              <InstallApp className={menuButton} onShowInstructions={showInstallSteps} />
            </div>
          </>
        )}
      </div>
      {installSteps && <IosInstallDialog onClose={closeInstallSteps} />}
    </>
  );
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
