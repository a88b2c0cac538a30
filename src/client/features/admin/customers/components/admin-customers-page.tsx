import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { useEffect } from 'react';
import type { AdminCustomer } from '../../../../../shared/types';
import { button } from '../../../../components/button.css';
import { DataTable } from '../../../../components/data-table';
import * as table from '../../../../components/data-table.css';
import { LoadFailure } from '../../../../components/load-failure';
import { Pagination, pageCountOf } from '../../../../components/pagination';
import { SearchField } from '../../../../components/search-field';
import { Skeleton } from '../../../../components/skeleton';
import { formatDate } from '../../../../lib/format-date';
import { usePageTitle } from '../../../../lib/head';
import { useListSearch } from '../../../../lib/list-search';
import { requestStateOf } from '../../../../lib/query-client';
import { adminCustomersQuery } from '../api/get-all-users';
import { adminCustomersSearch } from '../customers-search';
import { CUSTOMERS_PER_PAGE, CUSTOMERS_TEXTS } from '../texts';
import * as styles from './customers.css';

const COLUMNS = ['Customer', 'Email', 'Joined', 'Orders', 'Actions'] as const;

/**
 * /admin/customers: customer accounts, newest first, 10 a page from the server; the search (name or
 * e-mail, any case) and the page live in the address, so a reload or Back keeps them.
 */
export function AdminCustomersPage() {
  usePageTitle('Customers - Admin');
  const [search, setSearch] = useListSearch(adminCustomersSearch);
  const page = search.page ?? 1;
  // The page before stays (dimmed) while the next one loads.
  const query = useQuery({ ...adminCustomersQuery(search), placeholderData: keepPreviousData });
  const state = requestStateOf(query);
  const retry = () => void query.refetch();

  const shown = state.status === 'ready' ? state.data : state.status === 'loading' ? state.previous : undefined;
  const pageCount = shown ? pageCountOf(shown.total, CUSTOMERS_PER_PAGE) : 1;

  // A page past the end (accounts gone since the link was made): the last page there is.
  const pastTheEnd = state.status === 'ready' && state.data.users.length === 0 && state.data.total > 0 && page > pageCount;
  // biome-ignore lint/correctness/useExhaustiveDependencies: only when the answer says the page is past the end
  useEffect(() => {
    if (pastTheEnd) setSearch({ page: pageCount }, { replace: true });
  }, [pastTheEnd, pageCount]);

  return (
    <div className={styles.page}>
      <h1 className={styles.title}>Customers</h1>

      {/* biome-ignore lint/a11y/useSemanticElements: <search> is unknown to the older tablet browsers we support; the role gives the same landmark */}
      <div role="search" aria-label="Customer search" className={styles.toolbar}>
        <SearchField
          id="admin-customers-search"
          label="Search customers"
          hint={CUSTOMERS_TEXTS.searchHint}
          value={search.q ?? ''}
          onSearch={(q) => setSearch({ q, page: undefined }, { replace: true })}
        />
      </div>

      {state.status === 'error' ? (
        <LoadFailure message={CUSTOMERS_TEXTS.loadFailed} failure={state.failure} onRetry={retry} />
      ) : (
        <>
          <p className={styles.count} role="status">
            {state.status === 'loading' ? CUSTOMERS_TEXTS.loadingCustomers : CUSTOMERS_TEXTS.customersFound(state.data.total)}
          </p>
          <CustomersTable customers={shown?.users} stale={state.status === 'loading'} />
          <Pagination page={Math.min(page, pageCount)} pageCount={pageCount} onPage={(next) => setSearch({ page: next })} label="Customers pages" />
        </>
      )}
    </div>
  );
}

function CustomersTable({ customers, stale }: { customers: AdminCustomer[] | undefined; stale: boolean }) {
  return (
    <div className={table.tableWrap}>
      <DataTable
        caption="Customers"
        columns={COLUMNS}
        numeric={['Orders']}
        rows={customers}
        stale={stale}
        skeleton={<SkeletonRows />}
        empty={CUSTOMERS_TEXTS.noCustomers}
        row={(customer) => <CustomerRow key={customer._id} customer={customer} />}
      />
    </div>
  );
}

function CustomerRow({ customer }: { customer: AdminCustomer }) {
  return (
    <tr>
      <td className={`${table.td} ${styles.name}`}>{customer.fullName}</td>
      <td className={table.td}>{customer.email}</td>
      <td className={`${table.td} ${styles.nowrap}`}>
        <time dateTime={customer.joinDate}>{formatDate(customer.joinDate)}</time>
      </td>
      <td className={`${table.td} ${table.numeric}`}>{customer.orderCount}</td>
      <td className={table.td}>
        <span className={styles.actions}>
          <Link to="/admin/customers/$id" params={{ id: customer._id }} aria-label={`View ${customer.fullName}`} className={button({ tone: 'quiet' })}>
            View
          </Link>
          <a href={`mailto:${customer.email}`} aria-label={`Email ${customer.fullName}`} className={button({ tone: 'quiet' })}>
            Email
          </a>
        </span>
      </td>
    </tr>
  );
}

/** Rows shaped like customers while the first page loads. */
function SkeletonRows() {
  return Array.from({ length: 5 }, (_, row) => (
    // biome-ignore lint/suspicious/noArrayIndexKey: placeholders have nothing else to tell them apart
    <tr key={row}>
      {COLUMNS.map((column) => (
        <td key={column} className={table.td}>
          <Skeleton height="1em" width={column === 'Email' ? '11rem' : '5rem'} />
        </td>
      ))}
    </tr>
  ));
}
