import { and, desc, eq, ilike, inArray, or, type SQL, sql } from 'drizzle-orm';
import type { AdminCustomer, CustomerListItem, CustomerProfile } from '@/shared/admin-types';
import { toCedis } from '@/shared/money';
import type { UserListQuery } from '@/shared/schemas/customers';
import { isId } from '@/shared/schemas/fields';
import { SERVER_MESSAGES } from '@/shared/server-messages';
import type { Listed } from '@/shared/types';
import type { Db } from '../../db/client';
import { likePattern } from '../../db/like';
import { countRows, requestedPage } from '../../db/paging';
import { orders, users } from '../../db/schema';
import { notFound } from '../../errors';
import { countsAsSale, guestGroups, guestMatches } from '../orders/guest-buyers';
import { listAdminOrders } from '../orders/orders';
import { toUser } from './auth';

export { countsAsSale };

// One row per account: its orders joined and aggregated (a join, so every column is table-qualified).
const summaryColumns = {
  user: users,
  orderCount: sql<number>`count(${orders.id})::int`,
  // bigint: one order fits 32 bits, a customer's orders together need not (drivers hand it over as text or BigInt).
  spentPesewas: sql<string | number | bigint>`coalesce(sum(${orders.totalPesewas}) filter (where ${countsAsSale}), 0)::bigint`,
  phone: sql<string | null>`(array_agg(${orders.phone} order by ${orders.createdAt} desc))[1]`,
  address: sql<string | null>`(array_agg(${orders.address} order by ${orders.createdAt} desc))[1]`,
  lastOrderAt: sql<Date | string | null>`max(${orders.createdAt})`,
};

const summaries = (db: Db) => db.select(summaryColumns).from(users).leftJoin(orders, eq(orders.userId, users.id)).groupBy(users.id).$dynamic();

function toSummary(row: {
  user: typeof users.$inferSelect;
  orderCount: number;
  spentPesewas: string | number | bigint;
  phone: string | null;
  address: string | null;
  lastOrderAt: Date | string | null;
}): AdminCustomer {
  const user = toUser(row.user);
  return {
    ...user,
    kind: 'account',
    lastOrderDate: row.lastOrderAt === null ? null : new Date(row.lastOrderAt).toISOString(),
    joinDate: user.createdAt,
    orderCount: row.orderCount,
    totalSpent: toCedis(Number(row.spentPesewas)),
    phone: row.user.phone ?? row.phone,
    accountPhone: row.user.phone,
    address: row.address,
  };
}

/** The accounts the list's search and role select. */
function accountFilter(query: UserListQuery): SQL | undefined {
  const filters: SQL[] = [];
  if (query.role) filters.push(eq(users.role, query.role));
  if (query.q) {
    const pattern = likePattern(query.q);
    const match = or(ilike(users.fullName, pattern), ilike(users.email, pattern), ilike(users.phone, pattern));
    if (match) filters.push(match);
  }
  return filters.length ? and(...filters) : undefined;
}

const newestFirst = (a: { date: string; id: string }, b: { date: string; id: string }) => b.date.localeCompare(a.date) || b.id.localeCompare(a.id);

/**
 * Newest first; everything unless paged (then also total, page, limit). `kind`: accounts (the
 * default, the spec's list), guest buyers, or both (accounts by sign-up date and guests by their
 * first order, in one order). `role` selects accounts; guests have none and are kept.
 */
export async function listCustomers(db: Db, secret: Buffer, query: UserListQuery): Promise<Listed<'users', CustomerListItem>> {
  const kind = query.kind ?? 'account';
  const asked = requestedPage(query);
  const where = accountFilter(query);
  const window = asked && { offset: (asked.page - 1) * asked.limit, limit: asked.limit };
  const answer = (items: CustomerListItem[], total: number): Listed<'users', CustomerListItem> =>
    asked ? { users: items, total, ...asked } : { users: items };

  if (kind === 'account') {
    const rowsQuery = summaries(db).where(where).orderBy(desc(users.createdAt), desc(users.id));
    const [rows, total] = await Promise.all([
      window ? rowsQuery.limit(window.limit).offset(window.offset) : rowsQuery,
      asked ? countRows(db, users, where) : Promise.resolve(0),
    ]);
    return answer(rows.map(toSummary), total);
  }

  const guests = (await guestGroups(db, secret)).map((g) => g.buyer).filter((buyer) => guestMatches(buyer, query.q));
  if (kind === 'guest') {
    const shown = window ? guests.slice(window.offset, window.offset + window.limit) : guests;
    return answer(shown, guests.length);
  }

  // Both: the accounts' dates (small rows) merged with the guests', then the page's accounts read whole.
  const accountDates = await db.select({ id: users.id, createdAt: users.createdAt }).from(users).where(where);
  const merged = [
    ...accountDates.map((a) => ({ date: a.createdAt.toISOString(), id: a.id, guest: undefined })),
    ...guests.map((g) => ({ date: g.joinDate, id: g._id, guest: g })),
  ].sort(newestFirst);
  const shown = window ? merged.slice(window.offset, window.offset + window.limit) : merged;
  const accountIds = shown.filter((entry) => !entry.guest).map((entry) => entry.id);
  const accounts = accountIds.length ? await summaries(db).where(inArray(users.id, accountIds)) : [];
  const byId = new Map(accounts.map((row) => [row.user.id, toSummary(row)]));
  const items = shown.flatMap((entry): CustomerListItem[] => {
    const item = entry.guest ?? byId.get(entry.id);
    return item ? [item] : [];
  });
  return answer(items, merged.length);
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
