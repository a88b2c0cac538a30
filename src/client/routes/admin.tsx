import { createFileRoute } from '@tanstack/react-router';
import { SERVER_MESSAGES } from '@/shared/server-messages';
import { AdminLayout } from '../features/admin/layout/components/admin-layout';
import { adminDataLoading, requireSignedIn } from '../features/admin/layout/guard';
import { OfflineBanner } from '../features/pwa/components/offline-banner';

export const Route = createFileRoute('/admin')({
  beforeLoad: ({ context, location, preload }) => {
    requireSignedIn(location, preload);
    // The admin pages' loaders see this context: they load nothing for a customer.
    return { dataLoading: adminDataLoading(context.dataLoading) };
  },
  component: AdminRoute,
});

function AdminRoute() {
  return <AdminLayout offlineBanner={<OfflineBanner message={SERVER_MESSAGES.adminOffline} />} />;
}
