import { createFileRoute } from '@tanstack/react-router';
import { ForgotPasswordPage } from '../features/auth/forgot-password-page';
import { authRoute } from '../features/auth/redirect';

export const Route = createFileRoute('/forgot-password')({
  ...authRoute,
  component: () => <ForgotPasswordPage redirectTo={Route.useSearch().redirect} />,
});
