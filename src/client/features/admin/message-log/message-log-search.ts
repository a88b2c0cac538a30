import { oneOf, pageParam } from '@/client/lib/list-search';
import type { MessageStatus } from '@/shared/back-office';

/** The states the log can be filtered by ('sending' is a moment between queued and sent). */
export const STATUS_FILTERS = ['queued', 'sent', 'failed', 'unknown', 'logged'] as const satisfies readonly MessageStatus[];
export type StatusFilter = (typeof STATUS_FILTERS)[number];

/** `/admin/message-log?status=&page=`: kept in the address for reloads and Back. */
export interface MessageLogSearch {
  status?: StatusFilter;
  page?: number;
}

/** validateSearch of /admin/message-log: hand-written (no zod) as it ships with the route tree; anything unknown is dropped. */
export function messageLogSearch(search: Record<string, unknown>): MessageLogSearch {
  return { status: oneOf(STATUS_FILTERS, search.status), page: pageParam(search.page) };
}
