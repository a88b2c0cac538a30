import { keepPreviousData, type QueryKey, type UseQueryOptions, type UseQueryResult, useQuery } from '@tanstack/react-query';
import { type ReactNode, type Ref, useEffect } from 'react';
import type { ApiFailure } from '../lib/http';
import { useListSearch } from '../lib/list-search';
import * as styles from './admin-list.css';
import { DataTable, type DataTableProps } from './data-table';
import { tableWrap, td } from './data-table.css';
import { LoadFailure } from './load-failure';
import { Pagination, pageCountOf } from './pagination';
import { SearchField, type SearchFieldProps } from './search-field';
import { Skeleton } from './skeleton';

/**
 * The scaffold every admin list page shares (orders, customers, products, low stock): the search
 * region, then either the load failure with Try again, or the count line, the page's table and its
 * paging. Each page keeps its title, its filters and its rows.
 */

/**
 * One of a list's filters: a labelled select whose choice lives in the address; the first option
 * (`all`, the empty value) filters nothing.
 */
export function AdminListFilter<V extends string>({ id, label, value, all, options, onChange, className = styles.filter }: AdminListFilterProps<V>) {
  return (
    <div className={className}>
      <label htmlFor={id} className={styles.filterLabel}>
        {label}
      </label>
      <select id={id} className={styles.filterSelect} value={value ?? ''} onChange={(event) => onChange((event.target.value || undefined) as V | undefined)}>
        <option value="">{all}</option>
        {options.map(([option, text]) => (
          <option key={option} value={option}>
            {text}
          </option>
        ))}
      </select>
    </div>
  );
}

/** A filter's fixed parts: its id, its label, the words of its first option (every row) and its other options. */
export interface ListFilter<V extends string> {
  id: string;
  label: string;
  all: string;
  /** Each value with its words. */
  options: readonly (readonly [value: V, text: string])[];
}

interface AdminListFilterProps<V extends string> extends ListFilter<V> {
  value: V | undefined;
  onChange(value: V | undefined): void;
  className?: string;
}

/** The search box and filters above a list: a search landmark named by `label`; `children` are the filters. */
export function AdminListSearch({ label, className, field, children }: { label: string; className: string; field: SearchFieldProps; children?: ReactNode }) {
  return (
    // biome-ignore lint/a11y/useSemanticElements: <search> is unknown to the older tablet browsers we support; the role gives the same landmark
    <div role="search" aria-label={label} className={className}>
      <SearchField {...field} />
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
 * A list's answer as it is shown: the query's own answer once it is in; while the next loads, the one
 * before it (a page kept with `keepPreviousData`), dimmed; the failure only while no fetch is out and
 * there is no answer of its own (data wins over a failed refetch: the page goes on with what it has).
 */
export function listStateOf<T>(query: UseQueryResult<T, ApiFailure>) {
  const answer = query.isPlaceholderData ? undefined : query.data;
  return { answer, shown: query.data, failure: answer === undefined && !query.isFetching ? query.error : null };
}

/**
 * What a server-paged list shows (the answer, or the one before it dimmed while the next loads) and
 * how many pages there are. A page past the end (rows gone since the link was made) goes to the last one.
 */
export function usePagedList<T>(query: UseQueryResult<T, ApiFailure>, { page, perPage, total, rows, replacePage }: PagedListOptions<T>) {
  const { answer, shown } = listStateOf(query);
  const pageCount = shown ? pageCountOf(total(shown), perPage) : 1;
  const pastTheEnd = answer !== undefined && rows(answer).length === 0 && total(answer) > 0 && page > pageCount;
  // biome-ignore lint/correctness/useExhaustiveDependencies: only when the answer says the page is past the end
  useEffect(() => {
    if (pastTheEnd) replacePage(pageCount);
  }, [pastTheEnd, pageCount]);
  return { shown, pageCount };
}

/**
 * A server-paged list whose search and page live in the address (`parse` reads them): the page's
 * query (`queryOf` the search), the page before kept, dimmed, while the next loads; what to show;
 * and the pager's page, page count and where a page button goes. Its answers say how many rows
 * match in all (`total`).
 */
export function useServerList<S extends { page?: number }, T extends { total: number }, K extends QueryKey>(
  parse: (raw: Record<string, unknown>) => S,
  queryOf: (search: S) => UseQueryOptions<T, ApiFailure, T, K>,
  { perPage, rows }: Pick<PagedListOptions<T>, 'perPage' | 'rows'>,
) {
  const [search, setSearch] = useListSearch(parse);
  const page = search.page ?? 1;
  const query = useQuery({ ...queryOf(search), placeholderData: keepPreviousData });
  const retry = () => void query.refetch();
  const setPage = (next: number, replace = false) => setSearch({ page: next } as Partial<S>, { replace });
  const { shown, pageCount } = usePagedList(query, { page, perPage, total: (answer) => answer.total, rows, replacePage: (last) => setPage(last, true) });
  return { search, setSearch, query, retry, shown, paging: { page, pageCount, onPage: (next: number) => setPage(next) } };
}

/** What a list says: its failure to load, while it loads, how many it found, and its pager's name. */
export interface AdminListTexts<T> {
  failure: string;
  loading: string;
  count(answer: T): string;
  pages?: string;
}

/** A server-paged list's texts: its count says how many match in all (the answer's `total`). */
export const pagedListTexts = (failure: string, loading: string, found: (total: number) => string, pages: string): AdminListTexts<{ total: number }> => ({
  failure,
  loading,
  count: (answer) => found(answer.total),
  pages,
});

interface AdminListBodyProps<T, R> {
  /** The list's query and its Try again; a server-paged list (`useServerList`) its paging too. */
  list: { query: UseQueryResult<T, ApiFailure>; retry(): void; paging?: { page: number; pageCount: number; onPage(page: number): void } };
  texts: AdminListTexts<T>;
  /** The table: the rows kept from before (dimmed), or its skeleton, while loading. */
  table: Omit<DataTableProps<R>, 'stale'>;
  /**
   * Lists whose rows can go from under the focus (deleted, or saved off the list): the table's
   * wrapper, labelled by its caption (`table.captionId`), takes the focus from script then.
   */
  focusRef?: Ref<HTMLElement>;
}

/** Below the search: the failure, or the count (a live status line), the table and the pager. */
export function AdminListBody<T, R>({ list: { query, retry, paging }, texts, table, focusRef }: AdminListBodyProps<T, R>) {
  const { answer, failure } = listStateOf(query);
  if (failure) return <LoadFailure message={texts.failure} failure={failure} onRetry={retry} />;
  const dataTable = <DataTable {...table} stale={answer === undefined} />;
  return (
    <>
      <p className={styles.count} role="status">
        {answer === undefined ? texts.loading : texts.count(answer)}
      </p>
      {focusRef ? (
        <section ref={focusRef} className={tableWrap} aria-labelledby={table.captionId} tabIndex={-1}>
          {dataTable}
        </section>
      ) : (
        <div className={tableWrap}>{dataTable}</div>
      )}
      {paging && <Pagination page={Math.min(paging.page, paging.pageCount)} pageCount={paging.pageCount} onPage={paging.onPage} label={texts.pages ?? ''} />}
    </>
  );
}

/**
 * Rows shaped like the list's while its first page loads: a placeholder in every column, `width`
 * wide, but the one column `wide` names (an e-mail, a name) at its own width.
 */
export function ListSkeletonRows({ columns, width, wide }: { columns: readonly string[]; width: string; wide: [column: string, width: string] }) {
  return Array.from({ length: 5 }, (_, row) => (
    // biome-ignore lint/suspicious/noArrayIndexKey: placeholders have nothing else to tell them apart
    <tr key={row}>
      {columns.map((column) => (
        <td key={column} className={td}>
          <Skeleton height="1em" width={column === wide[0] ? wide[1] : width} />
        </td>
      ))}
    </tr>
  ));
}
