import { createFileRoute } from '@tanstack/react-router';
import { adminSettingsQuery } from '../features/admin/settings/api/get-settings';
import { SettingsPage } from '../features/admin/settings/components/settings-page';
import { loadQueries } from '../lib/query-client';

export const Route = createFileRoute('/admin/settings')({
  loader: ({ context }) => loadQueries(context, adminSettingsQuery()),
  component: SettingsPage,
});
