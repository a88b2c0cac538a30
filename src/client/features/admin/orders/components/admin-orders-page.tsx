import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { AdminListBody, AdminListSearch, usePagedList } from '@/client/components/admin-list';
import { button } from '@/client/components/button.css';
import { DataTable, DateCell, PriceCell } from '@/client/components/data-table';
import * as table from '@/client/components/data-table.css';
import { SearchField } from '@/client/components/search-field';
import { Skeleton } from '@/client/components/skeleton';
import { OrderStatusBadge, PaymentStatusBadge } from '@/client/components/status-badge';
import { usePageTitle } from '@/client/lib/head';
import { useListSearch } from '@/client/lib/list-search';
import { requestStateOf } from '@/client/lib/query-client';
import { ORDER_FLAG_LABELS, ORDER_FLAGS, ORDER_STATUSES } from '@/shared/constants';
import { MESSAGES } from '@/shared/messages';
import type { AdminOrder } from '@/shared/types';
import { adminOrdersQuery } from '../api/get-all-orders';
import { adminOrdersSearch, type FlagFilter } from '../orders-search';
import { ORDERS_PER_PAGE, ORDERS_TEXTS } from '../texts';
import * as styles from './orders.css';

const COLUMNS = ['Order', 'Customer', 'Date', 'Total', 'Payment', 'Status', 'Actions'] as const;

/**
 * /admin/orders: every order, newest first, 10 a page from the server. The search (order number,
 * name or e-mail), the status and "Needs attention" filters and the page live in the address, so a
 * reload or Back keeps them.
 */
export function AdminOrdersPage() {
  usePageTitle('Orders - Admin');
  const [search, setSearch] = useListSearch(adminOrdersSearch);
  const page = search.page ?? 1;
  // The page before stays (dimmed) while the next one loads.
  const query = useQuery({ ...adminOrdersQuery(search), placeholderData: keepPreviousData });
  const state = requestStateOf(query);
  const retry = () => void query.refetch();

  const { shown, pageCount } = usePagedList(state, {
    page,
    perPage: ORDERS_PER_PAGE,
    total: (answer) => answer.total,
    rows: (answer) => answer.orders,
    replacePage: (last) => setSearch({ page: last }, { replace: true }),
  });

  return (
    <div className={styles.page}>
      <h1 className={styles.title}>Orders</h1>

      <AdminListSearch label="Search and filter orders" className={styles.toolbar}>
        <SearchField
          id="admin-orders-search"
          label="Search orders"
          hint={ORDERS_TEXTS.searchHint}
          value={search.q ?? ''}
          onSearch={(q) => setSearch({ q, page: undefined }, { replace: true })}
        />
        <div className={styles.field}>
          <label htmlFor="admin-orders-status" className={styles.label}>
            Status
          </label>
          <select
            id="admin-orders-status"
            className={styles.select}
            value={search.status ?? ''}
            onChange={(event) => setSearch({ status: (event.target.value || undefined) as AdminOrder['orderStatus'] | undefined, page: undefined })}
          >
            <option value="">All</option>
            {ORDER_STATUSES.map((status) => (
              <option key={status} value={status}>
                {status}
              </option>
            ))}
          </select>
        </div>
        <div className={styles.field}>
          <label htmlFor="admin-orders-flag" className={styles.label}>
            {ORDERS_TEXTS.flagFilterLabel}
          </label>
          <select
            id="admin-orders-flag"
            className={styles.select}
            value={search.flag ?? ''}
            onChange={(event) => setSearch({ flag: (event.target.value || undefined) as FlagFilter | undefined, page: undefined })}
          >
            <option value="">{ORDERS_TEXTS.flagFilterAll}</option>
            <option value="any">{ORDERS_TEXTS.flagFilterAny}</option>
            {ORDER_FLAGS.map((kind) => (
              <option key={kind} value={kind}>
                {ORDER_FLAG_LABELS[kind]}
              </option>
            ))}
          </select>
        </div>
      </AdminListSearch>

      <AdminListBody
        state={state}
        failureMessage={MESSAGES.ordersFetchFailed}
        onRetry={retry}
        loadingText={ORDERS_TEXTS.loadingOrders}
        countText={(answer) => ORDERS_TEXTS.ordersFound(answer.total)}
        paging={{ page, pageCount, onPage: (next) => setSearch({ page: next }), label: 'Orders pages' }}
      >
        <OrdersTable orders={shown?.orders} stale={state.status === 'loading'} />
      </AdminListBody>
    </div>
  );
}

function OrdersTable({ orders, stale }: { orders: AdminOrder[] | undefined; stale: boolean }) {
  return (
    <div className={table.tableWrap}>
      <DataTable
        caption="Orders"
        columns={COLUMNS}
        numeric={['Total']}
        rows={orders}
        stale={stale}
        skeleton={<SkeletonRows />}
        empty={ORDERS_TEXTS.noOrders}
        row={(order) => <OrderRow key={order._id} order={order} />}
      />
    </div>
  );
}

function OrderRow({ order }: { order: AdminOrder }) {
  const name = order.user?.fullName ?? order.fullName;
  return (
    <tr>
      <td className={`${table.td} ${table.nowrap}`}>{order.orderNumber}</td>
      <td className={table.td}>
        <span className={styles.customerName}>{order.user ? name : ORDERS_TEXTS.guest(name)}</span>
        <span className={styles.customerEmail}>{order.email}</span>
      </td>
      <DateCell date={order.createdAt} />
      <PriceCell value={order.total} />
      <td className={table.td}>
        <PaymentStatusBadge status={order.paymentStatus} />
      </td>
      <td className={table.td}>
        <span className={styles.statusCell}>
          <OrderStatusBadge status={order.orderStatus} />
          <AttentionBadge order={order} />
        </span>
      </td>
      <td className={table.td}>
        <Link to="/admin/orders/$id" params={{ id: order._id }} aria-label={`View order ${order.orderNumber}`} className={button({ tone: 'quiet' })}>
          View
        </Link>
      </td>
    </tr>
  );
}

/** Open flags in a word or two: the first one's label, and how many more wait. */
function AttentionBadge({ order }: { order: AdminOrder }) {
  const open = (order.flags ?? []).filter((flag) => flag.clearedAt === null);
  const first = open[0];
  if (!first) return null;
  return <span className={styles.attention}>{ORDERS_TEXTS.attentionBadge(ORDER_FLAG_LABELS[first.kind] ?? first.kind, open.length - 1)}</span>;
}

/** Rows shaped like orders while the first page loads. */
function SkeletonRows() {
  return Array.from({ length: 5 }, (_, row) => (
    // biome-ignore lint/suspicious/noArrayIndexKey: placeholders have nothing else to tell them apart
    <tr key={row}>
      {COLUMNS.map((column) => (
        <td key={column} className={table.td}>
          <Skeleton height="1em" width={column === 'Customer' ? '9rem' : '4.5rem'} />
        </td>
      ))}
    </tr>
  ));
}
