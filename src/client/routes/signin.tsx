import { createFileRoute } from '@tanstack/react-router';

export const Route = createFileRoute('/signin')({
  component: SignInPage,
});

function SignInPage() {
  return <h1>/signin</h1>;
}
