import { toast } from '@/client/lib/toast';
import { PAGE_MESSAGES } from '@/shared/page-messages';
import type { LoginAnswer } from '@/shared/types';
import { http } from '../lib/http';
import { forgetPrivateQueries } from '../lib/query-client';
import { useCart } from './cart';
import { useCheckout } from './checkout';
import { useLookedUpOrders } from './looked-up-orders';
import { queuedOrdersOf, useOutbox } from './outbox';
import { useSession } from './session';

/** Sign-in and sign-out as whole flows: the session, the cart and the toasts (spec section 4). */

/**
 * Signs this device in with a login's answer (a sign-in, or a password reset, which answers the same
 * and signs in too). `welcome` replaces the spec's 'Welcome back' toast (a reset says what it did).
 */
export async function completeSignIn(answer: LoginAnswer, welcome?: string): Promise<void> {
  forgetPrivateQueries();
  useSession.getState().signIn({
    token: answer.token,
    role: answer.data.role,
    userId: answer.data._id,
    fullName: answer.data.fullName,
    email: answer.data.email,
    phone: answer.data.phone,
    avatar: answer.data.avatar,
  });
  // The guest's lines join the server cart first: once 'Welcome back' shows, a reload finds them there.
  await useCart.getState().mergeGuestCart();
  toast.success(welcome ?? `Welcome back, ${answer.data.fullName}! Ready to explore the shop?`);
  // Changes this customer queued before their last session expired go now.
  void import('./sync').then(({ flushOutbox }) => flushOutbox());
}

/**
 * Logs out on the server if it can; the device forgets the user either way, their queued cart
 * changes and orders too. An order still waiting to be sent is not dropped without asking: false
 * when the shopper chose to stay signed in.
 */
export async function logout(): Promise<boolean> {
  const session = useSession.getState().session;
  if (session && queuedOrdersOf(useOutbox.getState().entries, session.userId).length > 0 && !window.confirm(PAGE_MESSAGES.logoutLosesQueuedOrder)) return false;
  if (session) await http.post('logout').catch(() => undefined);
  if (session) useOutbox.getState().dropUser(session.userId);
  forgetUser();
  toast.success(PAGE_MESSAGES.loggedOut);
  return true;
}

/** The token no longer works (expired or revoked). Queued changes wait for this user's next sign-in. */
export function sessionExpired(): void {
  if (!useSession.getState().session) return;
  forgetUser();
  toast.error(PAGE_MESSAGES.sessionExpired, { id: 'session-expired' });
}

function forgetUser(): void {
  forgetPrivateQueries();
  useSession.getState().signOut();
  useCart.getState().reset();
  useCheckout.getState().reset();
  useLookedUpOrders.getState().reset();
}
