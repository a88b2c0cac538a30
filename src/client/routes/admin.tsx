import { createFileRoute } from '@tanstack/react-router';
import { AdminLayout } from '../features/admin/layout/components/admin-layout';
import { requireSignedIn } from '../features/admin/layout/guard';

export const Route = createFileRoute('/admin')({
  beforeLoad: ({ location, preload }) => requireSignedIn(location, preload),
  component: AdminLayout,
});
