import { apiCall, http } from '../../../../lib/http';
import { MESSAGES_TEXTS } from '../texts';

/** A message sent from the contact page. */
export interface ContactMessage {
  _id: string;
  name: string;
  email: string;
  subject: string;
  message: string;
  createdAt: string;
}

export interface ContactMessagesPage {
  messages: ContactMessage[];
  total: number;
  page: number;
  limit: number;
}

/** GET /api/getContactMessages?page=&limit= (admin): one page of the messages, newest first. */
export function getContactMessages(page: number, limit: number): Promise<ContactMessagesPage> {
  return apiCall(() => http.get('getContactMessages', { searchParams: { page, limit } }).json<ContactMessagesPage>(), MESSAGES_TEXTS.loadFailed);
}
