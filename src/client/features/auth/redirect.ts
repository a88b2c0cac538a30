import { redirect } from '@tanstack/react-router';
import { useSession } from '../../stores/session';

/** `?redirect=` of /signin and /signup: where to go once signed in. */
interface AuthSearch {
  redirect?: string;
}

/**
 * A path on this site, or undefined: it must start with one '/' (never '//' or '/\', which browsers
 * read as another host), so a link cannot send a fresh sign-in elsewhere.
 */
export function safeRedirect(value: unknown): string | undefined {
  if (typeof value !== 'string' || value.length > 2000) return undefined;
  if (!value.startsWith('/') || value.startsWith('//') || value.startsWith('/\\')) return undefined;
  return value;
}

/** validateSearch of the auth routes: kept small (no zod) because it ships with the route tree. */
export function authSearch(search: Record<string, unknown>): AuthSearch {
  const target = safeRedirect(search.redirect);
  return target ? { redirect: target } : {};
}

/** beforeLoad of the auth routes: a signed-in visitor has nothing to do here. */
export function leaveIfSignedIn(search: AuthSearch): void {
  if (useSession.getState().session) throw redirect({ href: safeRedirect(search.redirect) ?? '/', replace: true });
}

/** What the sign-in and sign-up routes share: the redirect in the address, and no visit when signed in. */
export const authRoute = {
  validateSearch: authSearch,
  beforeLoad: ({ search }: { search: AuthSearch }) => leaveIfSignedIn(search),
};
