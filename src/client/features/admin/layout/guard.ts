import { redirect } from '@tanstack/react-router';
import { useSession } from '../../../stores/session';

/**
 * beforeLoad of /admin: a signed-out visitor signs in first and comes back to the page they asked
 * for. A signed-in customer gets the layout's refusal (the server refuses their calls anyway).
 */
export function requireSignedIn(location: { href: string }): void {
  if (!useSession.getState().session) throw redirect({ to: '/signin', search: { redirect: location.href }, replace: true });
}
