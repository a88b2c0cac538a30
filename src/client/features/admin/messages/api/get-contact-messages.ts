import { queryOptions } from '@tanstack/react-query';
import { apiCall, http } from '@/client/lib/http';
import type { ContactMessage, Page } from '@/shared/types';
import { MESSAGES_PER_PAGE, MESSAGES_TEXTS } from '../texts';

export type ContactMessagesPage = Page<'messages', ContactMessage>;

/** GET /api/getContactMessages?page=&limit= (admin): one page of the messages, newest first. */
export function getContactMessages(page: number, limit: number): Promise<ContactMessagesPage> {
  return apiCall(() => http.get('getContactMessages', { searchParams: { page, limit } }).json<ContactMessagesPage>(), MESSAGES_TEXTS.loadFailed);
}

/** One page of the contact messages, 10 a page. */
export const contactMessagesQuery = (page: number) =>
  queryOptions({
    queryKey: ['admin', 'messages', 'list', { page }] as const,
    queryFn: () => getContactMessages(page, MESSAGES_PER_PAGE),
  });
