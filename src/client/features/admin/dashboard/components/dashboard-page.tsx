import { useQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { listStateOf } from '@/client/components/admin-list';
import { LoadFailure } from '@/client/components/load-failure';
import { Price } from '@/client/components/price';
import { Skeleton } from '@/client/components/skeleton';
import { usePageTitle } from '@/client/lib/head';
import type { DashboardStats } from '@/shared/admin-types';
import { SetupGuide } from '../../setup/components/setup-guide';
import { dashboardStatsQuery } from '../api/get-dashboard-stats';
import { DASHBOARD_TEXTS } from '../texts';
import { AwaitingConfirmationList } from './awaiting-confirmation';
import * as styles from './dashboard.css';
import { LowStockAlerts } from './low-stock-alerts';
import { RecentOrders } from './recent-orders';
import { SalesChart } from './sales-chart';
import { ShopperSpeedCard } from './shopper-speed';

const count = new Intl.NumberFormat('en-GB');

/**
 * /admin: the figures, the Cash on Delivery orders waiting for confirmation, 30 days of sales, the
 * newest orders, the products running low and how fast the shop is for shoppers (its own call).
 */
export function DashboardPage() {
  usePageTitle('Dashboard - Admin');
  const query = useQuery(dashboardStatsQuery());
  const { answer, failure } = listStateOf(query);
  const retry = () => void query.refetch();
  return (
    <div className={styles.page}>
      <h1 className={styles.title}>Dashboard</h1>
      <SetupGuide />
      {answer !== undefined ? (
        <Dashboard stats={answer} />
      ) : failure ? (
        <LoadFailure message={DASHBOARD_TEXTS.loadFailed} failure={failure} onRetry={retry} />
      ) : (
        <DashboardSkeleton />
      )}
    </div>
  );
}

function Dashboard({ stats }: { stats: DashboardStats }) {
  return (
    <>
      <dl className={styles.cards}>
        <div className={styles.card}>
          <dt className={styles.cardLabel}>Total Sales</dt>
          <dd className={styles.cardValue}>
            <Price value={stats.totalSales} />
          </dd>
          <dd className={styles.cardNote}>{DASHBOARD_TEXTS.salesNote}</dd>
        </div>
        <div className={styles.card}>
          <dt className={styles.cardLabel}>Total Orders</dt>
          <dd className={styles.cardValue}>{count.format(stats.totalOrders)}</dd>
          {stats.needsAttention > 0 && (
            <dd className={styles.cardNote}>
              {/* Orders with an open payment flag (paid after expiry, amount mismatch, paid twice, refund failed, dispute). */}
              <Link to="/admin/orders" search={{ flag: 'any' }} className={styles.attentionBadge}>
                {DASHBOARD_TEXTS.needAttention(stats.needsAttention)}
              </Link>
            </dd>
          )}
          {stats.unverifiedOrders > 0 && (
            <dd className={styles.cardNote}>
              {/* Open orders from buyers not shown to be real: the shop calls before confirming them. */}
              <Link to="/admin/orders" search={{ status: 'Pending' }} className={styles.attentionBadge}>
                {DASHBOARD_TEXTS.unverified(stats.unverifiedOrders)}
              </Link>
            </dd>
          )}
        </div>
        <div className={styles.card}>
          <dt className={styles.cardLabel}>Total Customers</dt>
          <dd className={styles.cardValue}>{count.format(stats.totalCustomers)}</dd>
          <dd className={styles.cardNote}>{DASHBOARD_TEXTS.guestBuyers(stats.guestBuyers)}</dd>
        </div>
      </dl>
      <AwaitingConfirmationList orders={stats.awaitingConfirmation} />
      <section className={styles.panel} aria-labelledby="sales-chart-title">
        <h2 id="sales-chart-title" className={styles.panelTitle}>
          Sales in the Last 30 Days
        </h2>
        <SalesChart days={stats.salesByDay} />
      </section>
      <div className={styles.tables}>
        <RecentOrders orders={stats.recentOrders} />
        <LowStockAlerts products={stats.lowStock} />
      </div>
      <ShopperSpeedCard />
    </>
  );
}

/** Shaped like the dashboard, so nothing jumps when the figures land. */
function DashboardSkeleton() {
  return (
    <div className={styles.page} aria-busy="true">
      <p className="visually-hidden" role="status">
        {DASHBOARD_TEXTS.loading}
      </p>
      <div className={styles.cards} aria-hidden="true">
        {['sales', 'orders', 'customers'].map((card) => (
          <div key={card} className={styles.skeletonCard}>
            <Skeleton height="1rem" width="45%" />
            <Skeleton height="2.25rem" width="70%" />
          </div>
        ))}
      </div>
      <div className={styles.panel} aria-hidden="true">
        <Skeleton height="1.5rem" width="40%" />
        <Skeleton height="96px" />
      </div>
      <div className={styles.panel} aria-hidden="true">
        <Skeleton height="1.5rem" width="40%" />
        <Skeleton height="200px" />
      </div>
      <div className={styles.tables} aria-hidden="true">
        {['orders', 'stock'].map((panel) => (
          <div key={panel} className={styles.panel}>
            <Skeleton height="1.5rem" width="50%" />
            <Skeleton height="220px" />
          </div>
        ))}
      </div>
    </div>
  );
}
