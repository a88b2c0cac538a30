import { createFileRoute } from '@tanstack/react-router';
import { authRoute } from '../features/auth/redirect';
import { SignInPage } from '../features/auth/sign-in-page';

export const Route = createFileRoute('/signin')({
  ...authRoute,
  component: () => <SignInPage redirectTo={Route.useSearch().redirect} />,
});
