import { type SQL, sql } from 'drizzle-orm';
import type { PgTable } from 'drizzle-orm/pg-core';
import type { Db } from './client';

/** `?page=&limit=` as parsed by the shared `pagingShape`. */
export interface Paging {
  page?: number;
  limit?: number;
}

const DEFAULT_PAGE_SIZE = 20;

/**
 * The list rule of every admin list: without `page` or `limit` everything (the spec's behaviour);
 * with either, one page plus `total`, `page` and `limit`.
 */
export async function pageOf<T>(
  paging: Paging,
  rows: (window?: { limit: number; offset: number }) => Promise<T[]>,
  count: () => Promise<number>,
): Promise<{ items: T[]; total?: number; page?: number; limit?: number }> {
  const asked = requestedPage(paging);
  if (!asked) return { items: await rows() };
  const { page, limit } = asked;
  const [items, total] = await Promise.all([rows({ limit, offset: (page - 1) * limit }), count()]);
  return { items, total, page, limit };
}

/** The page a list call asks for with its defaults filled in, or undefined for everything. */
export function requestedPage(paging: Paging): { page: number; limit: number } | undefined {
  if (paging.page === undefined && paging.limit === undefined) return undefined;
  return { page: paging.page ?? 1, limit: paging.limit ?? DEFAULT_PAGE_SIZE };
}

/** Rows of a table matching `where`, for the `total` of a page. */
export async function countRows(db: Db, table: PgTable, where?: SQL): Promise<number> {
  const [row] = await db.select({ n: sql<number>`count(*)::int` }).from(table).where(where);
  return row?.n ?? 0;
}
