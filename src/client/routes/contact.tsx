import { createFileRoute } from '@tanstack/react-router';
import { ContactPage } from '../features/pages/contact-page';
import { shopSettingsQuery } from '../lib/queries/settings';
import { loadQueries } from '../lib/query-client';

export const Route = createFileRoute('/contact')({
  loader: ({ context }) => loadQueries(context, shopSettingsQuery()),
  component: ContactPage,
});
