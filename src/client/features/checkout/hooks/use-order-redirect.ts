import { useQueryClient } from '@tanstack/react-query';
import { useNavigate } from '@tanstack/react-router';
import { useCallback, useEffect, useRef, useState } from 'react';
import { orderFinished } from '../lib/order-cache';
import type { PaidOutcome } from '../lib/paid';
import { REDIRECT_DELAY_MS } from '../lib/timing';

/** How the order was finished: placed (cash on delivery) or paid (Mobile Money). */
export type OrderDone = { orderId: string; how: 'placed' | 'paid' };

/**
 * The order confirmation: the page says the order is done, then opens `/order/{id}?placed=true`
 * after 1.5 s (spec section 9), once the toast has been read. Leaving the page first cancels it.
 */
export function useOrderRedirect() {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [done, setDone] = useState<OrderDone | null>(null);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);

  useEffect(() => () => clearTimeout(timer.current), []);

  const goToOrder = useCallback(
    (orderId: string, how: OrderDone['how']) => {
      orderFinished(queryClient, orderId);
      setDone({ orderId, how });
      clearTimeout(timer.current);
      timer.current = setTimeout(() => void navigate({ to: '/order/$id', params: { id: orderId }, search: { placed: true } }), REDIRECT_DELAY_MS);
    },
    [navigate, queryClient],
  );

  /** The order's own page at once, with no confirmation (a payment that landed on a cancelled order). */
  const openOrder = useCallback(
    (orderId: string) => {
      orderFinished(queryClient, orderId);
      clearTimeout(timer.current);
      void navigate({ to: '/order/$id', params: { id: orderId } });
    },
    [navigate, queryClient],
  );

  /** A payment check found the order paid: its confirmation, or its page when it was cancelled first. */
  const paid = useCallback(
    (orderId: string, outcome: PaidOutcome) => (outcome === 'cancelled' ? openOrder(orderId) : goToOrder(orderId, 'paid')),
    [openOrder, goToOrder],
  );

  return { done, goToOrder, paid };
}
