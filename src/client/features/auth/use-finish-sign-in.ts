import { useNavigate } from '@tanstack/react-router';
import type { LoginAnswer } from '@/shared/types';
import { completeSignIn } from '../../stores/account';
import { safeRedirect } from './redirect';

/**
 * What follows every way of signing in (the sign-in form, a password reset): this device signed in
 * with the guest cart merged (completeSignIn), then back to `redirectTo` when it is a path on this
 * site, else admins to /admin and everybody else to /.
 */
export function useFinishSignIn(redirectTo: string | undefined) {
  const navigate = useNavigate();
  return async (answer: LoginAnswer, welcome?: string) => {
    await completeSignIn(answer, welcome);
    const target = safeRedirect(redirectTo);
    if (target) await navigate({ href: target, replace: true });
    // The admin area is its own part of the app: a full load there.
    else if (answer.data.role === 'admin') window.location.assign('/admin');
    else await navigate({ to: '/', replace: true });
  };
}
