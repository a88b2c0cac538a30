import { createFileRoute } from '@tanstack/react-router';
import { authRoute } from '../features/auth/redirect';
import { SignUpPage } from '../features/auth/sign-up-page';

export const Route = createFileRoute('/signup')({
  ...authRoute,
  component: () => <SignUpPage redirectTo={Route.useSearch().redirect} />,
});
