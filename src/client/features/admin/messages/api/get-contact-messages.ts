import type { ContactMessage, Page } from '../../../../../shared/types';
import { apiCall, http } from '../../../../lib/http';
import { MESSAGES_TEXTS } from '../texts';

export type ContactMessagesPage = Page<'messages', ContactMessage>;

/** GET /api/getContactMessages?page=&limit= (admin): one page of the messages, newest first. */
export function getContactMessages(page: number, limit: number): Promise<ContactMessagesPage> {
  return apiCall(() => http.get('getContactMessages', { searchParams: { page, limit } }).json<ContactMessagesPage>(), MESSAGES_TEXTS.loadFailed);
}
