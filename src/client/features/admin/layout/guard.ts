import { redirect } from '@tanstack/react-router';
import type { DataLoading } from '@/client/lib/query-client';
import { toast } from '@/client/lib/toast';
import { isAdmin, useSession } from '@/client/stores/session';

/** Spec section 6: what a signed-out visitor is told on each admin screen. */
export function signInNeededText(pathname: string): string {
  const path = pathname.replace(/\/+$/, '');
  if (path === '/admin') return 'Please log in as admin to view dashboard';
  if (/^\/admin\/orders\/[^/]+$/.test(path)) return 'Please log in as admin to view order details';
  if (path.startsWith('/admin/orders')) return 'Please log in as admin to view orders';
  if (path.startsWith('/admin/products')) return 'Please log in to view products';
  return 'Please log in as admin to continue';
}

/**
 * beforeLoad of /admin: a signed-out visitor is told why, signs in first and comes back to the page
 * they asked for. A signed-in customer gets the layout's refusal (the server refuses their calls
 * anyway). A preload (hovering a link) redirects quietly.
 */
export function requireSignedIn(location: { href: string; pathname: string }, preload = false): void {
  if (useSession.getState().session) return;
  if (!preload) showSignInNeeded(signInNeededText(location.pathname));
  throw redirect({ to: '/signin', search: { redirect: location.href }, replace: true });
}

const SIGN_IN_TOAST = 'admin-sign-in';
let stopWatchingSession: (() => void) | undefined;

/**
 * The reason to sign in lasts until the sign-in, not for the toast's four seconds: once there is a
 * session it goes, so the page the admin lands on never shows it beside 'Welcome back'.
 */
function showSignInNeeded(text: string): void {
  toast.error(text, { id: SIGN_IN_TOAST });
  stopWatchingSession ??= useSession.subscribe(({ session }) => {
    if (!session) return;
    toast.dismiss(SIGN_IN_TOAST);
    stopWatchingSession?.();
    stopWatchingSession = undefined;
  });
}

/**
 * How the admin pages' loaders treat their queries: as the app says for an admin; for anyone else
 * signed in, nothing is asked (the layout says 'Admins only', and no admin call leaves the phone).
 */
export function adminDataLoading(dataLoading: DataLoading): DataLoading {
  return isAdmin(useSession.getState().session) ? dataLoading : 'none';
}
