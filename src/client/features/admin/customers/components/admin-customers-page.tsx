import { Link } from '@tanstack/react-router';
import { AdminListBody, AdminListFilter, AdminListSearch, type ListFilter, ListSkeletonRows, useServerList } from '@/client/components/admin-list';
import { Avatar } from '@/client/components/avatar';
import { button } from '@/client/components/button';
import { DateCell } from '@/client/components/data-table';
import * as table from '@/client/components/data-table.css';
import { EmailLink, EmailText } from '@/client/components/email-link';
import { ExportButton } from '@/client/components/export-button';
import { usePageTitle } from '@/client/lib/head';
import { searchBoxOf } from '@/client/lib/list-search';
import { localPhone } from '@/client/lib/phone';
import type { CustomerListItem } from '@/shared/admin-types';
import { exportCustomers } from '../api/export-customers';
import { exportSubscribers } from '../api/export-subscribers';
import { adminCustomersQuery } from '../api/get-all-users';
import { adminCustomersSearch, type CustomerKindFilter } from '../customers-search';
import { CUSTOMERS_LIST_TEXTS, CUSTOMERS_PER_PAGE, CUSTOMERS_TEXTS } from '../texts';
import * as styles from './customers.css';

const COLUMNS = ['Customer', 'Email', 'Phone', 'Joined', 'Orders', 'Actions'] as const;

/** Placeholder rows while the first page loads. */
const SKELETON = <ListSkeletonRows columns={COLUMNS} width="5rem" wide={['Email', '11rem']} />;

/** The Accounts/Guests filter. */
const KIND_FILTER: ListFilter<CustomerKindFilter> = {
  id: 'admin-customers-kind',
  label: CUSTOMERS_TEXTS.kindLabel,
  all: CUSTOMERS_TEXTS.kindAll,
  options: [
    ['account', CUSTOMERS_TEXTS.kindAccounts],
    ['guest', CUSTOMERS_TEXTS.kindGuests],
  ],
};

/** The table's fixed parts: its name, its columns, its placeholder rows and what it says when there are none. */
const TABLE = { caption: 'Customers', columns: COLUMNS, numeric: ['Orders'], empty: CUSTOMERS_TEXTS.noCustomers, skeleton: SKELETON };

/**
 * /admin/customers: customer accounts and guest buyers, newest first, 10 a page from the
 * server; the search (name, e-mail or phone, any case), the Accounts/Guests filter and the page live
 * in the address, so a reload or Back keeps them. The exports take the same search and filter.
 */
export function AdminCustomersPage() {
  usePageTitle('Customers - Admin');
  const list = useServerList(adminCustomersSearch, adminCustomersQuery, { perPage: CUSTOMERS_PER_PAGE, rows: (answer) => answer.users });
  const { search, setSearch, shown } = list;

  return (
    <div className={styles.page}>
      <h1 className={styles.title}>Customers</h1>

      <AdminListSearch
        label="Customer search"
        className={styles.toolbar}
        field={{ id: 'admin-customers-search', label: 'Search customers', hint: CUSTOMERS_TEXTS.searchHint, ...searchBoxOf(search, setSearch) }}
      >
        <AdminListFilter {...KIND_FILTER} value={search.kind} onChange={(kind) => setSearch({ kind, page: undefined })} />
      </AdminListSearch>

      <div className={styles.listActions}>
        <ExportButton
          label={CUSTOMERS_TEXTS.exportLabel}
          failure={CUSTOMERS_TEXTS.exportFailed}
          download={() => exportCustomers({ q: search.q, kind: search.kind })}
        />
        <ExportButton label={CUSTOMERS_TEXTS.exportSubscribersLabel} failure={CUSTOMERS_TEXTS.exportSubscribersFailed} download={exportSubscribers} />
      </div>

      <AdminListBody
        list={list}
        texts={CUSTOMERS_LIST_TEXTS}
        table={{ ...TABLE, rows: shown?.users, row: (customer) => <CustomerRow key={customer._id} customer={customer} /> }}
      />
    </div>
  );
}

function CustomerRow({ customer }: { customer: CustomerListItem }) {
  return (
    <tr>
      <td className={`${table.td} ${styles.name}`}>
        <Avatar name={customer.fullName} src={customer.avatar} size={28} decorative />
        {customer.fullName}
        {customer.kind === 'guest' && (
          <>
            {' '}
            <span className={styles.guestBadge}>{CUSTOMERS_TEXTS.guestBadge}</span>
          </>
        )}
      </td>
      <td className={table.td}>{customer.email ? <EmailText email={customer.email} /> : CUSTOMERS_TEXTS.noEmail}</td>
      <td className={`${table.td} ${table.nowrap}`}>{customer.phone ? localPhone(customer.phone) : CUSTOMERS_TEXTS.noPhone}</td>
      <DateCell date={customer.joinDate} />
      <td className={`${table.td} ${table.numeric}`}>{customer.orderCount}</td>
      <td className={table.td}>
        <span className={styles.actions}>
          <Link to="/admin/customers/$id" params={{ id: customer._id }} aria-label={`View ${customer.fullName}`} className={button({ tone: 'quiet' })}>
            View
          </Link>
          <EmailLink email={customer.email} aria-label={`Email ${customer.fullName}`} className={button({ tone: 'quiet' })}>
            Email
          </EmailLink>
        </span>
      </td>
    </tr>
  );
}
