import { sql } from 'drizzle-orm';
import { orders } from '../../db/schema';

/**
 * An order entered by the shop without an e-mail carries a placeholder (Paystack needs one), derived
 * from its number: nobody's address. Every answer that shows an order's e-mail reads it through
 * `shownEmail` or `shownEmailColumn`, so the placeholder never reaches a screen, a CSV or a search.
 */

/** The placeholder: `order-nk-7k3q9p@<the shop's host>`, or `@shop.invalid` on a bare host or an IP. */
export function placeholderEmail(orderNumber: string, publicUrl: string): string {
  let host = '';
  try {
    host = new URL(publicUrl).hostname.toLowerCase();
  } catch {
    // A malformed PUBLIC_URL: the reserved domain below.
  }
  const domain = host.includes('.') && !/^[\d.]+$/.test(host) && !host.startsWith('[') ? host : 'shop.invalid';
  return `order-${orderNumber.toLowerCase()}@${domain}`;
}

/** The order's e-mail as shown: empty for a placeholder. */
export function shownEmail(row: { email: string; emailPlaceholder: boolean }): string {
  return row.emailPlaceholder ? '' : row.email;
}

/** The same in SQL: null for a placeholder (a search, a grouping or a CSV cell never meets it). */
export const shownEmailColumn = sql<string | null>`case when ${orders.emailPlaceholder} then null else ${orders.email} end`;
