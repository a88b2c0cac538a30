import { createFileRoute } from '@tanstack/react-router';
import { messageLogQuery } from '../features/admin/message-log/api/get-outbox-messages';
import { MessageLogPage } from '../features/admin/message-log/components/message-log-page';
import { messageLogSearch } from '../features/admin/message-log/message-log-search';
import { loadQueries } from '../lib/query-client';

export const Route = createFileRoute('/admin/message-log')({
  validateSearch: messageLogSearch,
  loaderDeps: ({ search }) => ({ status: search.status, page: search.page }),
  loader: ({ context, deps }) => loadQueries(context, messageLogQuery(deps)),
  component: MessageLogPage,
});
