import { queryOptions } from '@tanstack/react-query';
import type { StartupAnswers } from '@/client/lib/api-client';
import { apiCall, http } from '@/client/lib/http';
import { PAGE_MESSAGES } from '@/shared/page-messages';
import type { Order } from '@/shared/types';

/**
 * GET /api/orderByLink/{code} (public): the one order a message's short link names, read-only, to
 * whoever holds the link (no session, no order token). A bad or expired link is an ApiFailure 404
 * with the server's message.
 */
export async function getOrderByLink(code: string): Promise<Order> {
  const answer = await apiCall(
    (): Promise<StartupAnswers['orderByLink']> => http.get(`orderByLink/${encodeURIComponent(code)}`).json(),
    PAGE_MESSAGES.orderFetchFailed,
  );
  return answer.order;
}

/** The order of a message's link, as /o/{code} shows it. */
export const orderByLinkQuery = (code: string) => queryOptions({ queryKey: ['orderLink', code] as const, queryFn: () => getOrderByLink(code) });
