import { queryOptions } from '@tanstack/react-query';
import { adminShopClient, answerOf } from '@/client/lib/api-client';
import { apiCall } from '@/client/lib/http';
import type { ContactMessage } from '@/shared/admin-types';
import type { Page } from '@/shared/types';
import { MESSAGES_PER_PAGE, MESSAGES_TEXTS } from '../texts';

export type ContactMessagesPage = Page<'messages', ContactMessage>;

/** GET /api/getContactMessages?page=&limit= (admin): one page of the messages, newest first. */
export async function getContactMessages(page: number, limit: number): Promise<ContactMessagesPage> {
  const answer = await apiCall(() => answerOf(adminShopClient.getContactMessages.$get({ query: { page, limit } })), MESSAGES_TEXTS.loadFailed);
  const { messages } = answer;
  return { messages, total: answer.total ?? messages.length, page: answer.page ?? page, limit: answer.limit ?? limit };
}

/** One page of the contact messages, 10 a page. */
export const contactMessagesQuery = (page: number) =>
  queryOptions({
    queryKey: ['admin', 'messages', 'list', { page }] as const,
    queryFn: () => getContactMessages(page, MESSAGES_PER_PAGE),
  });
