import { eq } from 'drizzle-orm';
import { ACCOUNT_TEXTS } from '@/shared/account-texts';
import type { OrderLookupInput } from '@/shared/schemas/auth';
import type { OrderLookupAnswer } from '@/shared/types';
import type { Db } from '../../db/client';
import { orders } from '../../db/schema';
import { notFound } from '../../errors';
import { orderLinkCode } from '../../notify/order-link';
import { shownEmail } from './order-email';
import { loadOrder } from './orders';

/**
 * A guest's way back to an order: its number and the phone or e-mail it was placed with.
 * The answer is the order read-only and the short signed link code that opens it again (the same code
 * as in the shop's messages); never the order token (cancelling, paying) of the phone that placed it.
 * A wrong number and a wrong contact get the same answer.
 */
export async function lookupOrder(db: Db, secret: Buffer, input: OrderLookupInput, now: Date): Promise<OrderLookupAnswer> {
  const [row] = await db
    .select({ id: orders.id, email: orders.email, emailPlaceholder: orders.emailPlaceholder, buyerPhone: orders.buyerPhone })
    .from(orders)
    .where(eq(orders.orderNumber, input.orderNumber));
  const { channel, address } = input.contact;
  // buyerPhone is kept as 233 and nine digits; a contact phone is +233 and nine digits.
  // An entered order's placeholder e-mail follows from its number: it proves nothing, only the phone does.
  const matches = row !== undefined && (channel === 'sms' ? row.buyerPhone === address.slice(1) : shownEmail(row).trim().toLowerCase() === address);
  const order = matches ? await loadOrder(db, row.id) : undefined;
  if (!order) throw notFound(ACCOUNT_TEXTS.orderLookupNotFound);
  return { order, link: orderLinkCode(secret, order._id, now) };
}
