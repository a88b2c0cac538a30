import { and, desc, eq, ilike, or, type SQL, sql } from 'drizzle-orm';
import { toCedis } from '@/shared/money';
import type { UserListQuery } from '@/shared/schemas/customers';
import { isId } from '@/shared/schemas/fields';
import { SERVER_MESSAGES } from '@/shared/server-messages';
import type { AdminCustomer, CustomerProfile, Listed } from '@/shared/types';
import type { Db } from '../db/client';
import { likePattern } from '../db/like';
import { countRows, pageOf } from '../db/paging';
import { orders, users } from '../db/schema';
import { notFound } from '../errors';
import { toUser } from './auth';
import { listAdminOrders } from './orders';

/** Money the shop has actually received: paid orders that were not cancelled (refunds are due on those). */
export const countsAsSale = sql`${orders.paymentStatus} = 'Paid' and ${orders.orderStatus} <> 'Cancelled'`;

// One row per account: its orders joined and aggregated (a join, so every column is table-qualified).
const summaryColumns = {
  user: users,
  orderCount: sql<number>`count(${orders.id})::int`,
  // bigint: one order fits 32 bits, a customer's orders together need not (drivers hand it over as text or BigInt).
  spentPesewas: sql<string | number | bigint>`coalesce(sum(${orders.totalPesewas}) filter (where ${countsAsSale}), 0)::bigint`,
  phone: sql<string | null>`(array_agg(${orders.phone} order by ${orders.createdAt} desc))[1]`,
  address: sql<string | null>`(array_agg(${orders.address} order by ${orders.createdAt} desc))[1]`,
};

const summaries = (db: Db) => db.select(summaryColumns).from(users).leftJoin(orders, eq(orders.userId, users.id)).groupBy(users.id).$dynamic();

function toSummary(row: {
  user: typeof users.$inferSelect;
  orderCount: number;
  spentPesewas: string | number | bigint;
  phone: string | null;
  address: string | null;
}): AdminCustomer {
  const user = toUser(row.user);
  return {
    ...user,
    joinDate: user.createdAt,
    orderCount: row.orderCount,
    totalSpent: toCedis(Number(row.spentPesewas)),
    phone: row.user.phone ?? row.phone,
    accountPhone: row.user.phone,
    address: row.address,
  };
}

/** Newest accounts first; everything unless paged (then also total, page, limit). */
export async function listUsers(db: Db, query: UserListQuery): Promise<Listed<'users', AdminCustomer>> {
  const filters: SQL[] = [];
  if (query.role) filters.push(eq(users.role, query.role));
  if (query.q) {
    const pattern = likePattern(query.q);
    const match = or(ilike(users.fullName, pattern), ilike(users.email, pattern), ilike(users.phone, pattern));
    if (match) filters.push(match);
  }
  const where = filters.length ? and(...filters) : undefined;
  const rowsQuery = summaries(db).where(where).orderBy(desc(users.createdAt), desc(users.id));
  const { items, ...meta } = await pageOf(
    query,
    (window) => (window ? rowsQuery.limit(window.limit).offset(window.offset) : rowsQuery),
    () => countRows(db, users, where),
  );
  return { users: items.map(toSummary), ...meta };
}

/** One account with its orders (newest first) and totals. */
export async function getUserProfile(db: Db, userId: string): Promise<CustomerProfile> {
  if (!isId(userId)) throw notFound(SERVER_MESSAGES.userNotFound);
  const [row] = await summaries(db).where(eq(users.id, userId));
  if (!row) throw notFound(SERVER_MESSAGES.userNotFound);
  const summary = toSummary(row);
  return {
    user: summary,
    orders: await listAdminOrders(db, eq(orders.userId, userId)),
    totalOrders: summary.orderCount,
    totalSpent: summary.totalSpent,
  };
}
