import { queryOptions } from '@tanstack/react-query';
import { answerOf, outboxClient } from '@/client/lib/api-client';
import { apiCall } from '@/client/lib/http';
import type { OutboxMessage } from '@/shared/admin-types';
import type { MessageStatus } from '@/shared/back-office';
import { LIMITS } from '@/shared/constants';
import type { Page } from '@/shared/types';
import type { MessageLogSearch } from '../message-log-search';
import { MESSAGE_LOG_PER_PAGE, MESSAGE_LOG_TEXTS } from '../texts';

export type OutboxPage = Page<'messages', OutboxMessage>;

/** What one page of messages is asked with: one order's, or the whole log's by state. */
interface OutboxListArgs {
  orderId?: string;
  status?: MessageStatus;
  page: number;
  limit: number;
}

/** GET /api/outboxMessages?orderId=&status=&page=&limit= (admin): one page, newest first. An empty filter is left out. */
export async function getOutboxMessages({ orderId, status, page, limit }: OutboxListArgs): Promise<OutboxPage> {
  const query = { orderId: orderId || undefined, status: status || undefined, page, limit };
  const answer = await apiCall(() => answerOf(outboxClient.outboxMessages.$get({ query })), MESSAGE_LOG_TEXTS.loadFailed);
  const { messages } = answer;
  return { messages, total: answer.total ?? messages.length, page: answer.page ?? page, limit: answer.limit ?? limit };
}

/** The first part of every outbox list's key: what a resend or an order's change makes stale. */
export const OUTBOX_LISTS = ['admin', 'outbox'] as const;

/** One page of the message log, for the search of the address (the route's loader and the page share it). */
export const messageLogQuery = (search: MessageLogSearch) => {
  const args: OutboxListArgs = { status: search.status, page: search.page ?? 1, limit: MESSAGE_LOG_PER_PAGE };
  return queryOptions({ queryKey: [...OUTBOX_LISTS, 'log', args] as const, queryFn: () => getOutboxMessages(args) });
};

/** One order's messages (an order has a handful: one page holds them). */
export const orderMessagesQuery = (orderId: string) => {
  const args: OutboxListArgs = { orderId, page: 1, limit: LIMITS.maxPageSize };
  return queryOptions({ queryKey: [...OUTBOX_LISTS, 'order', orderId] as const, queryFn: () => getOutboxMessages(args) });
};
