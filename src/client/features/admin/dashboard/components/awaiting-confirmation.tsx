import { Link } from '@tanstack/react-router';
import { useEffect, useState } from 'react';
import { numeric, td } from '@/client/components/data-table.css';
import { PanelTable } from '@/client/components/panel-table';
import { Price } from '@/client/components/price';
import { StatusBadge } from '@/client/components/status-badge';
import { VerificationBadges } from '@/client/components/verification-badge';
import { formatDateTime } from '@/client/lib/format-date';
import type { AwaitingConfirmation } from '@/shared/admin-types';
import { timeLeft, URGENT_MS } from '../lib/time-left';
import { DASHBOARD_TEXTS } from '../texts';
import * as styles from './dashboard.css';
import { DashboardPanel, PanelEmpty } from './dashboard-panel';

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
    <DashboardPanel
      titleId="awaiting-title"
      title={DASHBOARD_TEXTS.awaitingTitle}
      link={{ to: '/admin/orders', search: { status: 'Pending' }, text: DASHBOARD_TEXTS.viewPending }}
    >
      <PanelTable
        labelledBy="awaiting-title"
        describedBy="awaiting-intro"
        columns={['Order', 'Customer', 'Total', 'Confirm by', 'Time left']}
        numeric={['Total']}
        rows={sorted}
        empty={<PanelEmpty>{DASHBOARD_TEXTS.noneAwaiting}</PanelEmpty>}
        intro={
          <p id="awaiting-intro" className={styles.panelNote}>
            {DASHBOARD_TEXTS.awaitingIntro}
          </p>
        }
        row={(order) => {
          const left = Date.parse(order.confirmBy) - now;
          return (
            <tr key={order._id}>
              <th scope="row" className={`${td} ${styles.rowHeader}`}>
                <Link to="/admin/orders/$id" params={{ id: order._id }} className={styles.rowLink}>
                  {order.orderNumber}
                </Link>
              </th>
              <td className={td}>
                {order.fullName}
                {order.verification !== 'verified' && (
                  <>
                    {' '}
                    <VerificationBadges order={order} />
                  </>
                )}
              </td>
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
        }}
      />
    </DashboardPanel>
  );
}
