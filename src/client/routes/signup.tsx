import { createFileRoute } from '@tanstack/react-router';

export const Route = createFileRoute('/signup')({
  component: SignUpPage,
});

function SignUpPage() {
  return <h1>/signup</h1>;
}
