import { mutationOptions, type QueryClient } from '@tanstack/react-query';
import type { AdminOrder, OrderChangeAnswer } from '@/shared/types';
import { adminCustomerQuery } from '../../customers/api/get-user-by-id';
import { dashboardStatsQuery } from '../../dashboard/api/get-dashboard-stats';
import { OUTBOX_LISTS } from '../../message-log/api/get-outbox-messages';
import { ADMIN_ORDER_LISTS } from './get-all-orders';
import { adminOrderQuery } from './get-order-by-id';

/**
 * What an admin's change to an order makes of the cache: the order page shows the server's answer at
 * once; the order lists, the dashboard, the messages (a change of status sends the shopper one) and
 * (when `customerProfile`: a change of status or payment, which its order history and total spent
 * show) the customer's profile are read again when next seen (at once when on screen).
 */
export function orderChanged(client: QueryClient, order: AdminOrder, { customerProfile }: { customerProfile: boolean }): void {
  client.setQueryData(adminOrderQuery(order._id).queryKey, order);
  void client.invalidateQueries({ queryKey: ADMIN_ORDER_LISTS });
  // The dashboard's counts, revenue and "needs attention" follow the orders.
  void client.invalidateQueries({ queryKey: dashboardStatsQuery().queryKey });
  // The order's Messages panel and the message log: the change may have queued a message.
  void client.invalidateQueries({ queryKey: OUTBOX_LISTS });
  if (customerProfile && order.user) void client.invalidateQueries({ queryKey: adminCustomerQuery(order.user._id).queryKey });
}

/**
 * A mutation of one order that answers the order as it is now: the cache follows it (`orderChanged`),
 * then `also` whatever else the change touches (the catalogue when stock moved).
 */
export function orderChangeMutation<V>(
  change: (variables: V) => Promise<OrderChangeAnswer<AdminOrder>>,
  { customerProfile, also }: { customerProfile: boolean; also?(client: QueryClient, variables: V): void },
) {
  return mutationOptions({
    mutationFn: change,
    onSuccess: (answer, variables, _result, { client }) => {
      orderChanged(client, answer.order, { customerProfile });
      also?.(client, variables);
    },
  });
}
