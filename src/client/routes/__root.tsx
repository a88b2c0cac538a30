import { createRootRoute, Link, Outlet } from '@tanstack/react-router';

export const Route = createRootRoute({
  component: () => (
    <>
      <header>
        <Link to="/">Nkuto Naturals</Link>
      </header>
      <main>
        <Outlet />
      </main>
    </>
  ),
  notFoundComponent: () => (
    <section>
      <p>The page you are looking for doesn't exist or has been moved.</p>
      <Link to="/">Return to Home</Link>
    </section>
  ),
});
