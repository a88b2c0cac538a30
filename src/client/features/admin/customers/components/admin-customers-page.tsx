import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { AdminListBody, AdminListSearch, usePagedList } from '@/client/components/admin-list';
import { button } from '@/client/components/button.css';
import { DataTable, DateCell } from '@/client/components/data-table';
import * as table from '@/client/components/data-table.css';
import { SearchField } from '@/client/components/search-field';
import { Skeleton } from '@/client/components/skeleton';
import { usePageTitle } from '@/client/lib/head';
import { useListSearch } from '@/client/lib/list-search';
import { requestStateOf } from '@/client/lib/query-client';
import type { AdminCustomer } from '@/shared/types';
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

  const { shown, pageCount } = usePagedList(state, {
    page,
    perPage: CUSTOMERS_PER_PAGE,
    total: (answer) => answer.total,
    rows: (answer) => answer.users,
    replacePage: (last) => setSearch({ page: last }, { replace: true }),
  });

  return (
    <div className={styles.page}>
      <h1 className={styles.title}>Customers</h1>

      <AdminListSearch label="Customer search" className={styles.toolbar}>
        <SearchField
          id="admin-customers-search"
          label="Search customers"
          hint={CUSTOMERS_TEXTS.searchHint}
          value={search.q ?? ''}
          onSearch={(q) => setSearch({ q, page: undefined }, { replace: true })}
        />
      </AdminListSearch>

      <AdminListBody
        state={state}
        failureMessage={CUSTOMERS_TEXTS.loadFailed}
        onRetry={retry}
        loadingText={CUSTOMERS_TEXTS.loadingCustomers}
        countText={(answer) => CUSTOMERS_TEXTS.customersFound(answer.total)}
        paging={{ page, pageCount, onPage: (next) => setSearch({ page: next }), label: 'Customers pages' }}
      >
        <CustomersTable customers={shown?.users} stale={state.status === 'loading'} />
      </AdminListBody>
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
      <DateCell date={customer.joinDate} />
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
