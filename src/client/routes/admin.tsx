import { createFileRoute } from '@tanstack/react-router';
import { SERVER_MESSAGES } from '@/shared/server-messages';
import { AdminLayout } from '../features/admin/layout/components/admin-layout';
import { OfflineBanner } from '../features/pwa/components/offline-banner';

export const Route = createFileRoute('/admin')({
  // The guard's code (its texts, the sign-in toast) loads with the first admin page, not with the shop's start-up code.
  beforeLoad: async ({ context, location, preload }) => {
    const { adminDataLoading, requireSignedIn } = await import('../features/admin/layout/guard');
    requireSignedIn(location, preload);
    // The admin pages' loaders see this context: they load nothing for a customer.
    return { dataLoading: adminDataLoading(context.dataLoading) };
  },
  component: AdminRoute,
});

function AdminRoute() {
  return <AdminLayout offlineBanner={<OfflineBanner message={SERVER_MESSAGES.adminOffline} />} />;
}
