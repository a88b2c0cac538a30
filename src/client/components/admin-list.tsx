import { type ReactNode, useEffect } from 'react';
import type { RequestState } from '../lib/query-client';
import { shownOf } from '../lib/query-client';
import * as styles from './admin-list.css';
import { LoadFailure } from './load-failure';
import { Pagination, pageCountOf } from './pagination';

/**
 * The scaffold every admin list page shares (orders, customers, products, low stock): the search
 * region, then either the load failure with Try again, or the count line, the page's table and its
 * paging. Each page keeps its title, its filters and its rows.
 */

/** The search and filters above a list: a search landmark named by `label`. */
export function AdminListSearch({ label, className, children }: { label: string; className: string; children: ReactNode }) {
  return (
    // biome-ignore lint/a11y/useSemanticElements: <search> is unknown to the older tablet browsers we support; the role gives the same landmark
    <div role="search" aria-label={label} className={className}>
      {children}
    </div>
  );
}

interface PagedListOptions<T> {
  /** The page asked for (1 when the address has none). */
  page: number;
  perPage: number;
  total(answer: T): number;
  rows(answer: T): readonly unknown[];
  /** Goes to another page, replacing the address (a page past the end is not kept in history). */
  replacePage(page: number): void;
}

/**
 * What a server-paged list shows (the answer, or the one before it dimmed while the next loads) and
 * how many pages there are. A page past the end (rows gone since the link was made) goes to the last one.
 */
export function usePagedList<T>(state: RequestState<T>, { page, perPage, total, rows, replacePage }: PagedListOptions<T>) {
  const shown = shownOf(state);
  const pageCount = shown ? pageCountOf(total(shown), perPage) : 1;
  const pastTheEnd = state.status === 'ready' && rows(state.data).length === 0 && total(state.data) > 0 && page > pageCount;
  // biome-ignore lint/correctness/useExhaustiveDependencies: only when the answer says the page is past the end
  useEffect(() => {
    if (pastTheEnd) replacePage(pageCount);
  }, [pastTheEnd, pageCount]);
  return { shown, pageCount };
}

interface AdminListBodyProps<T> {
  state: RequestState<T>;
  failureMessage: string;
  onRetry(): void;
  loadingText: string;
  countText(answer: T): string;
  /** The table (it shows the rows kept from before, or its skeleton, while loading). */
  children: ReactNode;
  /** Server-paged lists: the page shown, the page count, where a page button goes, and the pager's name. */
  paging?: { page: number; pageCount: number; onPage(page: number): void; label: string };
}

/** Below the search: the failure, or the count (a live status line), the table and the pager. */
export function AdminListBody<T>({ state, failureMessage, onRetry, loadingText, countText, children, paging }: AdminListBodyProps<T>) {
  if (state.status === 'error') return <LoadFailure message={failureMessage} failure={state.failure} onRetry={onRetry} />;
  return (
    <>
      <p className={styles.count} role="status">
        {state.status === 'loading' ? loadingText : countText(state.data)}
      </p>
      {children}
      {paging && <Pagination page={Math.min(paging.page, paging.pageCount)} pageCount={paging.pageCount} onPage={paging.onPage} label={paging.label} />}
    </>
  );
}
