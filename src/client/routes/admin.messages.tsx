import { createFileRoute } from '@tanstack/react-router';
import { contactMessagesQuery } from '../features/admin/messages/api/get-contact-messages';
import { MessagesPage } from '../features/admin/messages/components/messages-page';
import { loadQueries } from '../lib/query-client';

export const Route = createFileRoute('/admin/messages')({
  // The page opens on page 1 (the page number is not in the address).
  loader: ({ context }) => loadQueries(context, contactMessagesQuery(1)),
  component: MessagesPage,
});
