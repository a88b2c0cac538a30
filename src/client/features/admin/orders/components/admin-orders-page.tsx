import { Link } from '@tanstack/react-router';
import { AdminListBody, AdminListFilter, AdminListSearch, type ListFilter, ListSkeletonRows, useServerList } from '@/client/components/admin-list';
import { button } from '@/client/components/button.css';
import { DateCell, PriceCell } from '@/client/components/data-table';
import * as table from '@/client/components/data-table.css';
import { ExportButton } from '@/client/components/export-button';
import { deliveryLabel } from '@/client/components/order-display';
import { OrderStatusBadge, PaymentStatusBadge } from '@/client/components/status-badge';
import { verificationNote } from '@/client/components/verification-badge';
import { usePageTitle } from '@/client/lib/head';
import { searchBoxOf } from '@/client/lib/list-search';
import { ORDER_FLAGS } from '@/shared/back-office';
import { ORDER_FLAG_LABELS } from '@/shared/back-office-labels';
import { ORDER_STATUSES, type OrderStatus } from '@/shared/constants';
import type { AdminOrder } from '@/shared/types';
import { exportOrders } from '../api/export-orders';
import { adminOrdersQuery } from '../api/get-all-orders';
import { adminOrdersSearch, type FlagFilter } from '../orders-search';
import { ENTER_ORDER_TEXTS, ORDERS_LIST_TEXTS, ORDERS_PER_PAGE, ORDERS_TEXTS } from '../texts';
import * as entered from './enter-order-page.css';
import * as styles from './orders.css';

const COLUMNS = ['Order', 'Customer', 'Date', 'Total', 'Payment', 'Status', 'Actions'] as const;

/** Placeholder rows while the first page loads. */
const SKELETON = <ListSkeletonRows columns={COLUMNS} width="4.5rem" wide={['Customer', '9rem']} />;

/** The table's fixed parts: its name, its columns, its placeholder rows and what it says when there are none. */
/** The status filter: every status in its own words. */
const STATUS_FILTER: ListFilter<OrderStatus> = {
  id: 'admin-orders-status',
  label: 'Status',
  all: 'All',
  options: ORDER_STATUSES.map((status) => [status, status] as const),
};

/** The attention filter: any flag, or one kind of flag. */
const FLAG_FILTER: ListFilter<FlagFilter> = {
  id: 'admin-orders-flag',
  label: ORDERS_TEXTS.flagFilterLabel,
  all: ORDERS_TEXTS.flagFilterAll,
  options: [['any', ORDERS_TEXTS.flagFilterAny], ...ORDER_FLAGS.map((kind) => [kind, ORDER_FLAG_LABELS[kind]] as const)],
};

const TABLE = { caption: 'Orders', columns: COLUMNS, numeric: ['Total'], empty: ORDERS_TEXTS.noOrders, skeleton: SKELETON };

/**
 * /admin/orders: every order, newest first, 10 a page from the server. The search (order number,
 * name or e-mail), the status and "Needs attention" filters and the page live in the address, so a
 * reload or Back keeps them. Export CSV downloads every order they select, with its lines.
 */
export function AdminOrdersPage() {
  usePageTitle('Orders - Admin');
  const list = useServerList(adminOrdersSearch, adminOrdersQuery, { perPage: ORDERS_PER_PAGE, rows: (answer) => answer.orders });
  const { search, setSearch, shown } = list;

  return (
    <div className={styles.page}>
      <h1 className={styles.title}>Orders</h1>
      <Link to="/admin/orders/new" className={`${button({ tone: 'primary' })} ${entered.newOrderLink}`}>
        {ENTER_ORDER_TEXTS.link}
      </Link>

      <AdminListSearch
        label="Search and filter orders"
        className={styles.toolbar}
        field={{ id: 'admin-orders-search', label: 'Search orders', hint: ORDERS_TEXTS.searchHint, ...searchBoxOf(search, setSearch) }}
      >
        <AdminListFilter {...STATUS_FILTER} value={search.status} onChange={(status) => setSearch({ status, page: undefined })} />
        <AdminListFilter {...FLAG_FILTER} value={search.flag} onChange={(flag) => setSearch({ flag, page: undefined })} />
      </AdminListSearch>

      <div className={styles.listActions}>
        <ExportButton
          label={ORDERS_TEXTS.exportLabel}
          failure={ORDERS_TEXTS.exportFailed}
          download={() => exportOrders({ q: search.q, status: search.status, flag: search.flag })}
        />
      </div>

      <AdminListBody
        list={list}
        texts={ORDERS_LIST_TEXTS}
        table={{ ...TABLE, rows: shown?.orders, row: (order) => <OrderRow key={order._id} order={order} /> }}
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
        {/* How it goes, under the e-mail: the table keeps its columns. */}
        {order.delivery && <span className={styles.customerEmail}>{deliveryLabel(order.delivery)}</span>}
        {/* In words that wrap (a pill here widened the table past a tablet's width). */}
        {order.verification !== 'verified' && order.orderStatus !== 'Cancelled' && <span className={styles.customerEmail}>{verificationNote(order)}</span>}
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
