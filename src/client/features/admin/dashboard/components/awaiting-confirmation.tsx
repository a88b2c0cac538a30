import { Link } from '@tanstack/react-router';
import { useEffect, useState } from 'react';
import { numeric, table, tableWrap, td, th } from '@/client/components/data-table.css';
import { Price } from '@/client/components/price';
import { StatusBadge } from '@/client/components/status-badge';
import { formatDateTime } from '@/client/lib/format-date';
import type { AwaitingConfirmation } from '@/shared/types';
import { timeLeft, URGENT_MS } from '../lib/time-left';
import { DASHBOARD_TEXTS } from '../texts';
import * as styles from './dashboard.css';

/** The time left is said in minutes at the finest: checking twice a minute keeps it right. */
const TICK_MS = 30_000;

/** The current time, moving on every `tickMs`. */
function useNow(tickMs: number): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), tickMs);
    return () => clearInterval(timer);
  }, [tickMs]);
  return now;
}

/**
 * 'Waiting for confirmation': Cash on Delivery orders holding their items until an admin confirms
 * them, the most urgent first, each with its confirm-by time and the time left ('overdue' once past).
 */
export function AwaitingConfirmationList({ orders }: { orders: readonly AwaitingConfirmation[] }) {
  const now = useNow(TICK_MS);
  const sorted = [...orders].sort((a, b) => Date.parse(a.confirmBy) - Date.parse(b.confirmBy));
  return (
    <section className={styles.panel} aria-labelledby="awaiting-title">
      <div className={styles.panelHeader}>
        <h2 id="awaiting-title" className={styles.panelTitle}>
          {DASHBOARD_TEXTS.awaitingTitle}
        </h2>
        <Link to="/admin/orders" search={{ status: 'Pending' }} className={styles.panelLink}>
          {DASHBOARD_TEXTS.viewPending}
        </Link>
      </div>
      {sorted.length === 0 ? (
        <p className={styles.empty}>{DASHBOARD_TEXTS.noneAwaiting}</p>
      ) : (
        <>
          <p id="awaiting-intro" className={styles.panelNote}>
            {DASHBOARD_TEXTS.awaitingIntro}
          </p>
          <div className={tableWrap}>
            <table className={table} aria-labelledby="awaiting-title" aria-describedby="awaiting-intro">
              <thead>
                <tr>
                  <th scope="col" className={th}>
                    Order
                  </th>
                  <th scope="col" className={th}>
                    Customer
                  </th>
                  <th scope="col" className={`${th} ${numeric}`}>
                    Total
                  </th>
                  <th scope="col" className={th}>
                    Confirm by
                  </th>
                  <th scope="col" className={th}>
                    Time left
                  </th>
                </tr>
              </thead>
              <tbody>
                {sorted.map((order) => {
                  const left = Date.parse(order.confirmBy) - now;
                  return (
                    <tr key={order._id}>
                      <th scope="row" className={`${td} ${styles.rowHeader}`}>
                        <Link to="/admin/orders/$id" params={{ id: order._id }} className={styles.rowLink}>
                          {order.orderNumber}
                        </Link>
                      </th>
                      <td className={td}>{order.fullName}</td>
                      <td className={`${td} ${numeric}`}>
                        <Price value={order.total} />
                      </td>
                      <td className={td}>
                        <time dateTime={order.confirmBy}>{formatDateTime(order.confirmBy)}</time>
                      </td>
                      <td className={td}>
                        {/* Red under an hour and once overdue: the words say it too. */}
                        <StatusBadge text={timeLeft(order.confirmBy, now)} tone={left < URGENT_MS ? 'danger' : 'warning'} />
                      </td>
                    </tr>
                  );
                })}
              </tbody>
            </table>
          </div>
        </>
      )}
    </section>
  );
}
