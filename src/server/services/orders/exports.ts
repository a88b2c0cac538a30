import { and, asc, desc, inArray, lt, or, type SQL, sql } from 'drizzle-orm';
import { paymentStateLabel } from '@/shared/back-office-labels';
import { toCedis } from '@/shared/money';
import type { UserListQuery } from '@/shared/schemas/customers';
import type { AdminOrderListQuery } from '@/shared/schemas/orders';
import type { Db } from '../../db/client';
import { orderItems, orders, subscribers } from '../../db/schema';
import { listCustomers } from '../accounts/admin-customers';
import { orderListFilter } from './admin-orders';
import { type CsvCell, csvDateTime, csvFile, csvRow } from './csv';
import { shownEmail } from './order-email';
import { refundedPesewasOf, refundStateOf } from './refund-state';

/** Orders read and written this many at a time: a few thousand orders never sit in memory as rows at once. */
const ORDER_BATCH = 500;

export const ORDER_EXPORT_HEADER = [
  'Order number',
  'Date',
  'Customer',
  'Phone',
  'Email',
  'Region',
  'City',
  'Address',
  'Delivery',
  'Delivery fee',
  'Payment method',
  'Payment status',
  'Refunded',
  'Order status',
  'Product',
  'Quantity',
  'Unit price',
  'Line total',
  'Order total',
] as const;

/**
 * The orders the list's search and filters select (paging ignored), newest first, one row per line:
 * the order's columns repeated on each of its lines. Read in batches by (date, id). The payment
 * status says Partly refunded or Refunded as the admin's list does, the amount sent back beside it.
 */
export async function ordersCsv(db: Db, query: AdminOrderListQuery): Promise<string> {
  const where = orderListFilter(db, query);
  const parts: string[] = [csvFile(ORDER_EXPORT_HEADER, [])];
  let after: { createdAt: Date; id: string } | undefined;
  for (;;) {
    const before: SQL | undefined = after
      ? or(lt(orders.createdAt, after.createdAt), and(sql`${orders.createdAt} = ${after.createdAt.toISOString()}::timestamptz`, lt(orders.id, after.id)))
      : undefined;
    const batch = await db.select().from(orders).where(and(where, before)).orderBy(desc(orders.createdAt), desc(orders.id)).limit(ORDER_BATCH);
    if (batch.length === 0) break;
    const lines = await db
      .select()
      .from(orderItems)
      .where(
        inArray(
          orderItems.orderId,
          batch.map((o) => o.id),
        ),
      )
      .orderBy(asc(orderItems.orderId), asc(orderItems.position));
    const refundedOf = await refundedPesewasOf(
      db,
      batch.map((o) => o.id),
    );
    const linesOf = new Map<string, (typeof lines)[number][]>();
    for (const line of lines) linesOf.set(line.orderId, [...(linesOf.get(line.orderId) ?? []), line]);
    for (const order of batch) {
      const refunded = refundedOf.get(order.id) ?? 0;
      const common: CsvCell[] = [
        order.orderNumber,
        csvDateTime(order.createdAt),
        order.fullName,
        { phone: order.phone },
        // An order entered without an e-mail carries a placeholder Paystack needs: never shown.
        shownEmail(order) || null,
        order.region,
        order.city,
        order.address,
        order.deliveryName,
        order.deliveryName === null ? null : toCedis(order.deliveryFeePesewas),
        order.paymentMethod,
        paymentStateLabel(order.paymentStatus, refundStateOf(order.totalPesewas, refunded)),
        refunded > 0 ? toCedis(refunded) : null,
        order.orderStatus,
      ];
      const own = linesOf.get(order.id) ?? [];
      // An order always has lines; one without would still be listed, its product cells empty.
      if (own.length === 0) parts.push(csvRow([...common, null, null, null, null, toCedis(order.totalPesewas)]));
      for (const line of own) {
        parts.push(
          csvRow([...common, line.name, line.quantity, toCedis(line.pricePesewas), toCedis(line.pricePesewas * line.quantity), toCedis(order.totalPesewas)]),
        );
      }
    }
    const last = batch[batch.length - 1];
    if (!last || batch.length < ORDER_BATCH) break;
    after = { createdAt: last.createdAt, id: last.id };
  }
  return parts.join('');
}

export const CUSTOMER_EXPORT_HEADER = ['Type', 'Name', 'Email', 'Phone', 'Address', 'Joined', 'Last order', 'Orders', 'Total spent', 'Role'] as const;

/** The customer list as its search and filters select it (accounts, guest buyers or both; paging ignored). */
export async function customersCsv(db: Db, secret: Buffer, query: UserListQuery): Promise<string> {
  const { users } = await listCustomers(db, secret, { ...query, page: undefined, limit: undefined });
  return csvFile(
    CUSTOMER_EXPORT_HEADER,
    users.map((c) => [
      c.kind === 'guest' ? 'Guest' : 'Account',
      c.fullName,
      c.email,
      { phone: c.phone },
      c.address,
      csvDateTime(new Date(c.joinDate)),
      c.lastOrderDate === null ? null : csvDateTime(new Date(c.lastOrderDate)),
      c.orderCount,
      c.totalSpent,
      c.kind === 'guest' ? null : c.role,
    ]),
  );
}

/** Every newsletter subscriber, oldest first. */
export async function subscribersCsv(db: Db): Promise<string> {
  const rows = await db.select().from(subscribers).orderBy(asc(subscribers.createdAt), asc(subscribers.id));
  return csvFile(
    ['Email', 'Subscribed'],
    rows.map((row) => [row.email, csvDateTime(row.createdAt)]),
  );
}
