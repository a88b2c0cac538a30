import { createFileRoute, redirect } from '@tanstack/react-router';

/** `/login` is the spec client's old path (ARCHITECTURE section 8): it goes to /signin. */
export const Route = createFileRoute('/login')({
  beforeLoad: () => {
    throw redirect({ to: '/signin', replace: true });
  },
});
