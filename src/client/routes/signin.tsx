import { createFileRoute } from '@tanstack/react-router';
import { authSearch, leaveIfSignedIn } from '../features/auth/redirect';
import { SignInPage } from '../features/auth/sign-in-page';

export const Route = createFileRoute('/signin')({
  validateSearch: authSearch,
  beforeLoad: ({ search }) => leaveIfSignedIn(search),
  component: SignInRoute,
});

function SignInRoute() {
  const { redirect } = Route.useSearch();
  return <SignInPage redirectTo={redirect} />;
}
