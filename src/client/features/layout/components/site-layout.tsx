import { lazy, type ReactNode, Suspense, useCallback, useEffect, useRef, useState } from 'react';
import { DeferredIsland, deferredIsland } from '@/client/components/deferred-island';
import { SkipLink } from '@/client/components/skip-link';
import { footer } from './footer.css';
import { main } from './layout.css';
import { PendingPaymentBanner } from './pending-payment-banner';
import { TopBar } from './top-bar';

// Below the fold: its code (and the newsletter's) loads once the page is usable, not with the start-up
// code; the server draws it whole, and the browser keeps that until the code is here. Its styles stay
// in the start-up CSS (footer.css is imported here), so the drawn footer is styled from the first paint.
const FOOTER = deferredIsland({ tag: 'footer', className: footer, load: () => import('./site-footer').then((m) => m.SiteFooterContents) });

// A floating link, over the page: arriving after the first paint moves nothing, and keeps it out of the start-up code.
const ChatLink = lazy(() => import('./chat-link').then((m) => ({ default: m.ChatLink })));

// Only signed-in shoppers who open it pay for the form (and its validation schema).
const EditProfileDialog = lazy(() => import('./edit-profile-dialog').then((m) => ({ default: m.EditProfileDialog })));

/**
 * The common layout of every shopper page (spec section 2): skip link, fixed top bar, the page,
 * footer, the floating WhatsApp link and the Edit Profile modal. `search` is the top bar's search
 * box and `offlineBanner` the line under it while offline (their own features, put in by the root
 * route).
 */
export function SiteLayout({ search, offlineBanner, children }: { search?: ReactNode; offlineBanner?: ReactNode; children: ReactNode }) {
  const [editingProfile, setEditingProfile] = useState(false);
  // Not drawn by the server nor at hydration (a lazy part there would be left for the browser to draw).
  const [hydrated, setHydrated] = useState(false);
  useEffect(() => setHydrated(true), []);
  const returnFocus = useRef<HTMLElement | null>(null);

  const openEditProfile = useCallback((from: HTMLElement | null) => {
    returnFocus.current = from;
    setEditingProfile(true);
  }, []);

  const closeEditProfile = useCallback(() => setEditingProfile(false), []);

  // Once the modal is gone (the page behind is no longer inert): focus back on the button that
  // opened it, or on the page when that is gone (signed out meanwhile).
  useEffect(() => {
    const target = returnFocus.current;
    if (editingProfile || !target) return;
    returnFocus.current = null;
    if (target.isConnected) target.focus();
    else document.getElementById('main')?.focus();
  }, [editingProfile]);

  return (
    <>
      <SkipLink />
      <TopBar search={search} onEditProfile={openEditProfile} />
      <main id="main" tabIndex={-1} className={main}>
        {offlineBanner}
        <PendingPaymentBanner />
        {children}
      </main>
      <DeferredIsland island={FOOTER} />
      {hydrated && (
        <Suspense fallback={null}>
          <ChatLink />
        </Suspense>
      )}
      {editingProfile && (
        <Suspense fallback={null}>
          <EditProfileDialog onClose={closeEditProfile} />
        </Suspense>
      )}
    </>
  );
}
