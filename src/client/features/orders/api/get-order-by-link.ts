import { queryOptions } from '@tanstack/react-query';
import { answerOf, ordersClient } from '@/client/lib/api-client';
import { apiCall } from '@/client/lib/http';
import { MESSAGES } from '@/shared/messages';
import type { Order, OrderReadAnswer } from '@/shared/types';

/**
 * GET /api/orderByLink/{code} (public): the one order a message's short link names, read-only, to
 * whoever holds the link (no session, no order token). A bad or expired link is an ApiFailure 404
 * with the server's message.
 */
export async function getOrderByLink(code: string): Promise<Order> {
  const answer = await apiCall(
    () => answerOf(ordersClient.orderByLink[':code'].$get({ param: { code: encodeURIComponent(code) } })),
    MESSAGES.orderFetchFailed,
  );
  return answer.order;
}

/** The order of a message's link, as /o/{code} shows it. */
export const orderByLinkQuery = (code: string) => queryOptions({ queryKey: ['orderLink', code] as const, queryFn: () => getOrderByLink(code) });
