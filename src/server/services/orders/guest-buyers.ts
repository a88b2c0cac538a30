import { and, inArray, isNull, or, type SQL, sql } from 'drizzle-orm';
import type { AdminGuestBuyer, GuestBuyerProfile } from '@/shared/admin-types';
import { toCedis } from '@/shared/money';
import { SERVER_MESSAGES } from '@/shared/server-messages';
import type { Db } from '../../db/client';
import { orders } from '../../db/schema';
import { notFound } from '../../errors';
import { sign } from '../../secret';
import { shownEmailColumn } from './order-email';
import { listAdminOrders } from './orders';

/**
 * Guest buyers: the orders placed without an account, grouped into buyers. Two orders are
 * one buyer when they share the phone (233 and 9 digits, as `buyer_phone` keeps it), or else the
 * e-mail (lower case): a buyer who used two e-mails with one phone, or two phones with one e-mail, is
 * one row. The groups are made in memory from one row per (phone, e-mail) pair, which is about one
 * row per buyer: a few thousand at most for a shop this size.
 */

/**
 * The e-mail a guest order is grouped by: `buyer_email`, or the typed one in lower case for orders
 * older than it; none for an order the shop entered without one (its placeholder is nobody's
 * address: such an order's buyer is their phone alone, and the placeholder is never shown).
 */
const buyerEmail = sql<string | null>`case when ${orders.emailPlaceholder} then null else coalesce(${orders.buyerEmail}, lower(trim(${shownEmailColumn}))) end`;
const isGuestOrder = isNull(orders.userId);
/** Money the shop has actually received: paid orders that were not cancelled (refunds are due on those). Accounts and guests alike. */
export const countsAsSale = sql`${orders.paymentStatus} = 'Paid' and ${orders.orderStatus} <> 'Cancelled'`;

interface PairRow {
  phone: string | null;
  email: string | null;
  orderCount: number;
  spentPesewas: string | number | bigint;
  firstAt: Date | string;
  lastAt: Date | string;
  fullName: string;
  address: string | null;
  /** The e-mail as typed on the pair's latest order that has one; null: only placeholders. */
  typedEmail: string | null;
}

async function guestPairs(db: Db): Promise<PairRow[]> {
  return db
    .select({
      phone: orders.buyerPhone,
      email: buyerEmail,
      orderCount: sql<number>`count(*)::int`,
      spentPesewas: sql<string | number | bigint>`coalesce(sum(${orders.totalPesewas}) filter (where ${countsAsSale}), 0)::bigint`,
      firstAt: sql<Date | string>`min(${orders.createdAt})`,
      lastAt: sql<Date | string>`max(${orders.createdAt})`,
      fullName: sql<string>`(array_agg(${orders.fullName} order by ${orders.createdAt} desc, ${orders.id} desc))[1]`,
      address: sql<string | null>`(array_agg(${orders.address} order by ${orders.createdAt} desc, ${orders.id} desc))[1]`,
      typedEmail: sql<
        string | null
      >`(array_agg(${shownEmailColumn} order by ${orders.createdAt} desc, ${orders.id} desc) filter (where not ${orders.emailPlaceholder}))[1]`,
    })
    .from(orders)
    .where(isGuestOrder)
    .groupBy(orders.buyerPhone, buyerEmail);
}

const iso = (value: Date | string) => (value instanceof Date ? value : new Date(value)).toISOString();

/** `+233…` for a 233 and 9 digits phone; anything else as it was kept. */
const shownPhone = (phone: string) => (/^233\d{9}$/.test(phone) ? `+${phone}` : phone);

/** What an identity (`p:233…` or `e:mail`) answers as a key: signed, so the URL shows neither the phone nor the e-mail. */
function keyOf(secret: Buffer, identity: string): string {
  return `g${sign(secret, 'guest-buyer', identity).slice(0, 24)}`;
}

/** A guest buyer with what it takes to find their orders again. */
export interface GuestGroup {
  buyer: AdminGuestBuyer;
  /** Every identity's key: a link made before two groups joined still finds the buyer. */
  keys: string[];
  buyerPhones: string[];
  emails: string[];
}

/** Every guest buyer, newest first (by first order), then by key. */
export async function guestGroups(db: Db, secret: Buffer): Promise<GuestGroup[]> {
  const pairs = await guestPairs(db);
  // Union-find over the pairs, joined by a shared phone or a shared e-mail.
  const parent = pairs.map((_, i) => i);
  const find = (i: number): number => {
    let root = i;
    while (parent[root] !== root) root = parent[root] as number;
    while (parent[i] !== root) {
      const next = parent[i] as number;
      parent[i] = root;
      i = next;
    }
    return root;
  };
  const firstWith = new Map<string, number>();
  pairs.forEach((pair, i) => {
    for (const identity of [pair.phone ? `p:${pair.phone}` : null, pair.email ? `e:${pair.email}` : null]) {
      if (!identity) continue;
      const seen = firstWith.get(identity);
      if (seen === undefined) firstWith.set(identity, i);
      else parent[find(i)] = find(seen);
    }
  });
  const members = new Map<number, PairRow[]>();
  pairs.forEach((pair, i) => {
    const root = find(i);
    const list = members.get(root) ?? [];
    list.push(pair);
    members.set(root, list);
  });

  const groups: GuestGroup[] = [];
  for (const list of members.values()) {
    list.sort((a, b) => iso(b.lastAt).localeCompare(iso(a.lastAt)));
    const latest = list[0] as PairRow;
    const phones = [...new Set(list.flatMap((p) => (p.phone ? [p.phone] : [])))];
    const emails = [...new Set(list.flatMap((p) => (p.email ? [p.email] : [])))];
    const identities = [...phones.map((p) => `p:${p}`), ...emails.map((e) => `e:${e}`)];
    const ownIdentity = latest.phone ? `p:${latest.phone}` : `e:${latest.email ?? ''}`;
    groups.push({
      buyer: {
        kind: 'guest',
        _id: keyOf(secret, ownIdentity),
        fullName: latest.fullName,
        email: list.find((p) => p.typedEmail)?.typedEmail?.trim() ?? '',
        avatar: null,
        phone: latest.phone ? shownPhone(latest.phone) : null,
        address: latest.address || null,
        joinDate: list.map((p) => iso(p.firstAt)).sort()[0] as string,
        lastOrderDate: iso(latest.lastAt),
        orderCount: list.reduce((n, p) => n + p.orderCount, 0),
        totalSpent: toCedis(list.reduce((n, p) => n + Number(p.spentPesewas), 0)),
        phones: phones.map(shownPhone),
        emails,
      },
      keys: identities.map((identity) => keyOf(secret, identity)),
      buyerPhones: phones,
      emails,
    });
  }
  return groups.sort((a, b) => b.buyer.joinDate.localeCompare(a.buyer.joinDate) || a.buyer._id.localeCompare(b.buyer._id));
}

/** Whether the buyer matches the list's search: name, any e-mail, any phone (as `+233…` or `0…`), any case. */
export function guestMatches(buyer: AdminGuestBuyer, q: string | undefined): boolean {
  if (!q) return true;
  const needle = q.toLowerCase();
  const local = (phone: string) => (phone.startsWith('+233') ? `0${phone.slice(4)}` : phone);
  const haystack = [buyer.fullName.toLowerCase(), ...buyer.emails, ...buyer.phones, ...buyer.phones.map(local)];
  return haystack.some((text) => text.includes(needle));
}

/** How many guest buyers there are (the dashboard's figure beside the accounts). */
export async function countGuestBuyers(db: Db, secret: Buffer): Promise<number> {
  return (await guestGroups(db, secret)).length;
}

/** The orders of a group: guest orders with one of its phones or e-mails. */
export function guestOrdersOf(group: Pick<GuestGroup, 'buyerPhones' | 'emails'>): SQL {
  const same = or(
    group.buyerPhones.length ? inArray(orders.buyerPhone, group.buyerPhones) : undefined,
    group.emails.length ? inArray(buyerEmail, group.emails) : undefined,
  );
  return and(isGuestOrder, same) as SQL;
}

/** `GET /getGuestBuyer/{key}`: the buyer, their orders newest first and the totals; 404 for an unknown key. */
export async function getGuestBuyerProfile(db: Db, secret: Buffer, key: string): Promise<GuestBuyerProfile> {
  if (!/^g[\w-]{24}$/.test(key)) throw notFound(SERVER_MESSAGES.guestBuyerNotFound);
  const group = (await guestGroups(db, secret)).find((g) => g.keys.includes(key));
  if (!group) throw notFound(SERVER_MESSAGES.guestBuyerNotFound);
  return {
    user: group.buyer,
    orders: await listAdminOrders(db, guestOrdersOf(group)),
    totalOrders: group.buyer.orderCount,
    totalSpent: group.buyer.totalSpent,
  };
}
