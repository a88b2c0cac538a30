import { createFileRoute } from '@tanstack/react-router';
import { authSearch, leaveIfSignedIn } from '../features/auth/redirect';
import { SignUpPage } from '../features/auth/sign-up-page';

export const Route = createFileRoute('/signup')({
  validateSearch: authSearch,
  beforeLoad: ({ search }) => leaveIfSignedIn(search),
  component: SignUpRoute,
});

function SignUpRoute() {
  const { redirect } = Route.useSearch();
  return <SignUpPage redirectTo={redirect} />;
}
