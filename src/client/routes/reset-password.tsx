import { createFileRoute } from '@tanstack/react-router';
import { authSearch } from '../features/auth/redirect';
import { ResetPasswordPage } from '../features/auth/reset-password-page';

export const Route = createFileRoute('/reset-password')({
  // No "signed in already? go on": that redirect would drop the link's token (the fragment), and
  // the shopper signed in on this phone may be resetting the password they forgot elsewhere.
  validateSearch: authSearch,
  component: () => <ResetPasswordPage redirectTo={Route.useSearch().redirect} />,
});
