import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { useEffect } from 'react';
import { ORDER_FLAG_LABELS, ORDER_FLAGS, ORDER_STATUSES } from '../../../../../shared/constants';
import { MESSAGES } from '../../../../../shared/messages';
import type { AdminOrder } from '../../../../../shared/types';
import { button } from '../../../../components/button.css';
import { DataTable } from '../../../../components/data-table';
import * as table from '../../../../components/data-table.css';
import { LoadFailure } from '../../../../components/load-failure';
import { Pagination, pageCountOf } from '../../../../components/pagination';
import { Price } from '../../../../components/price';
import { SearchField } from '../../../../components/search-field';
import { Skeleton } from '../../../../components/skeleton';
import { OrderStatusBadge, PaymentStatusBadge } from '../../../../components/status-badge';
import { formatDate } from '../../../../lib/format-date';
import { usePageTitle } from '../../../../lib/head';
import { useListSearch } from '../../../../lib/list-search';
import { requestStateOf } from '../../../../lib/query-client';
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

  const shown = state.status === 'ready' ? state.data : state.status === 'loading' ? state.previous : undefined;
  const pageCount = shown ? pageCountOf(shown.total, ORDERS_PER_PAGE) : 1;

  // A page past the end (orders filtered away since the link was made): the last page there is.
  const pastTheEnd = state.status === 'ready' && state.data.orders.length === 0 && state.data.total > 0 && page > pageCount;
  // biome-ignore lint/correctness/useExhaustiveDependencies: only when the answer says the page is past the end
  useEffect(() => {
    if (pastTheEnd) setSearch({ page: pageCount }, { replace: true });
  }, [pastTheEnd, pageCount]);

  return (
    <div className={styles.page}>
      <h1 className={styles.title}>Orders</h1>

      {/* biome-ignore lint/a11y/useSemanticElements: <search> is unknown to the older tablet browsers we support; the role gives the same landmark */}
      <div role="search" aria-label="Search and filter orders" className={styles.toolbar}>
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
      </div>

      {state.status === 'error' ? (
        <LoadFailure message={MESSAGES.ordersFetchFailed} failure={state.failure} onRetry={retry} />
      ) : (
        <>
          <p className={styles.count} role="status">
            {state.status === 'loading' ? ORDERS_TEXTS.loadingOrders : ORDERS_TEXTS.ordersFound(state.data.total)}
          </p>
          <OrdersTable orders={shown?.orders} stale={state.status === 'loading'} />
          <Pagination page={Math.min(page, pageCount)} pageCount={pageCount} onPage={(next) => setSearch({ page: next })} label="Orders pages" />
        </>
      )}
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
      <td className={`${table.td} ${styles.nowrap}`}>{order.orderNumber}</td>
      <td className={table.td}>
        <span className={styles.customerName}>{order.user ? name : ORDERS_TEXTS.guest(name)}</span>
        <span className={styles.customerEmail}>{order.email}</span>
      </td>
      <td className={`${table.td} ${styles.nowrap}`}>
        <time dateTime={order.createdAt}>{formatDate(order.createdAt)}</time>
      </td>
      <td className={`${table.td} ${table.numeric}`}>
        <Price value={order.total} />
      </td>
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
