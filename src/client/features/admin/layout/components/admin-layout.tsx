import { Outlet, useNavigate, useRouterState } from '@tanstack/react-router';
import { type ReactNode, useEffect, useId, useRef, useState } from 'react';
import { SkipLink } from '@/client/components/skip-link';
import { useFocusTrap } from '@/client/lib/use-focus-trap';
import { logout } from '@/client/stores/account';
import { isAdmin, useSession } from '@/client/stores/session';
import { media } from '@/client/styles/theme.css';
import { useMediaQuery } from '../lib/use-media-query';
import * as styles from './admin-layout.css';
import { AdminSideMenu } from './admin-side-menu';
import { AdminTopBar } from './admin-top-bar';
import { AdminsOnly } from './admins-only';
import { TestPaymentsBanner } from './test-payments-banner';

/**
 * The /admin layout: the admin shell (top bar with Home Page and Logout, side menu, the page)
 * for an admin; 'Admins only' for anyone else signed in, with no admin call made. A signed-out
 * visitor never gets here (routes/admin.tsx sends them to /signin); a session that ends while a page
 * is open (expired token) goes the same way. `offlineBanner` (the pwa feature's, put in by the
 * route) shows under the top bar while offline.
 */
export function AdminLayout({ offlineBanner }: { offlineBanner?: ReactNode }) {
  const session = useSession((s) => s.session);
  const href = useRouterState({ select: (s) => s.location.href });
  const navigate = useNavigate();
  // Logout clears the session before the navigation to /signin: the shell stays up meanwhile.
  const [signingOut, setSigningOut] = useState(false);
  const ended = !session && !signingOut;
  // The page the admin was on, read once: the address changes as soon as the navigation starts.
  const endedOn = useRef(href);
  if (!ended) endedOn.current = href;

  useEffect(() => {
    if (ended) void navigate({ to: '/signin', search: { redirect: endedOn.current }, replace: true });
  }, [ended, navigate]);

  const signOut = async () => {
    if (signingOut) return;
    setSigningOut(true);
    if (await logout()) await navigate({ to: '/signin' });
    else setSigningOut(false);
  };

  if (ended) return null;
  if (session && !isAdmin(session)) return <AdminsOnly />;
  return <AdminShell signingOut={signingOut} onLogout={() => void signOut()} offlineBanner={offlineBanner} />;
}

function AdminShell({ signingOut, onLogout, offlineBanner }: { signingOut: boolean; onLogout(): void; offlineBanner?: ReactNode }) {
  const wide = useMediaQuery(media.desktop);
  const pathname = useRouterState({ select: (s) => s.location.pathname });
  // The drawer is open on the page it was opened on: following a link (or Back) closes it.
  const [openOn, setOpenOn] = useState<string | null>(null);
  const drawerOpen = !wide && openOn === pathname;
  const menuId = useId();
  const toggleRef = useRef<HTMLButtonElement>(null);
  const navRef = useRef<HTMLElement>(null);

  const closeDrawer = () => {
    setOpenOn(null);
    toggleRef.current?.focus();
  };

  // Growing past 1024 px (a tablet turned) shows the menu for good: forget the drawer.
  useEffect(() => {
    if (wide) setOpenOn(null);
  }, [wide]);

  // Tab is not wrapped: the page behind is inert, so it goes round the top bar (with the toggle) and the menu.
  useFocusTrap(navRef, { active: drawerOpen, initialFocus: 'a[href]', onEscape: closeDrawer, wrapTab: false, lockScroll: true });

  return (
    <>
      <SkipLink />
      <AdminTopBar
        menuId={menuId}
        menuOpen={drawerOpen}
        onToggleMenu={() => (drawerOpen ? closeDrawer() : setOpenOn(pathname))}
        toggleRef={toggleRef}
        signingOut={signingOut}
        onLogout={onLogout}
      />
      <AdminSideMenu id={menuId} open={drawerOpen} wide={wide} navRef={navRef} onNavigate={closeDrawer} />
      {drawerOpen && <div className={styles.backdrop} aria-hidden="true" data-testid="admin-menu-backdrop" onClick={closeDrawer} />}
      {/* While the drawer is open the page behind is inert: Tab stays in the top bar and the menu. */}
      <main id="main" tabIndex={-1} className={styles.main} inert={drawerOpen}>
        {offlineBanner}
        <TestPaymentsBanner />
        <Outlet />
      </main>
    </>
  );
}
