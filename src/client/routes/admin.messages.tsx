import { createFileRoute } from '@tanstack/react-router';
import { MessagesPage } from '../features/admin/messages/components/messages-page';

export const Route = createFileRoute('/admin/messages')({
  component: MessagesPage,
});
