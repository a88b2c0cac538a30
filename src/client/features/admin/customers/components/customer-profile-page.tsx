import { useQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import type { ReactNode } from 'react';
import { button } from '@/client/components/button.css';
import { DateCell, PriceCell } from '@/client/components/data-table';
import * as table from '@/client/components/data-table.css';
import { OrderPairs, OrderPanel } from '@/client/components/order-display';
import { PanelTable } from '@/client/components/panel-table';
import { Price } from '@/client/components/price';
import { Skeleton } from '@/client/components/skeleton';
import { OrderStatusBadge } from '@/client/components/status-badge';
import { formatDate } from '@/client/lib/format-date';
import { usePageTitle } from '@/client/lib/head';
import { localPhone } from '@/client/lib/phone';
import { SERVER_MESSAGES } from '@/shared/server-messages';
import type { CustomerProfile } from '@/shared/types';
import { AdminDetailScreen } from '../../components/admin-detail-screen';
import { adminCustomerQuery } from '../api/get-user-by-id';
import { CUSTOMERS_TEXTS } from '../texts';
import * as styles from './customers.css';
import { PasswordResetPanel } from './password-reset-panel';

/** What the page says around the profile: the back link, not found, the failure, loading. */
const PROFILE_TEXTS = {
  back: 'Back to Customers',
  notFound: SERVER_MESSAGES.userNotFound,
  failureTitle: 'Customer',
  failed: CUSTOMERS_TEXTS.customerFailed,
  loading: CUSTOMERS_TEXTS.loadingCustomer,
};

/** /admin/customers/{id}. A new id is a new page. */
export function CustomerProfilePage({ id }: { id: string }) {
  return <ProfileScreen key={id} id={id} />;
}

function ProfileScreen({ id }: { id: string }) {
  return (
    <AdminDetailScreen
      query={useQuery(adminCustomerQuery(id))}
      list="/admin/customers"
      texts={PROFILE_TEXTS}
      skeleton={
        <>
          <Skeleton height="2.25rem" width="14rem" />
          <div className={styles.layout}>
            <Skeleton height="11rem" radius="16px" />
            <Skeleton height="7rem" radius="16px" />
          </div>
          <Skeleton height="14rem" radius="16px" />
        </>
      }
      classes={styles}
    >
      {(profile) => <Profile profile={profile} />}
    </AdminDetailScreen>
  );
}

function Profile({ profile }: { profile: CustomerProfile }) {
  const { user, orders } = profile;
  usePageTitle(`${user.fullName} - Admin`);
  // The account's own phone (issue 27: the SMS of a reset goes there); the address is the latest order's.
  const phone = user.phone?.replace(/\s+/g, '');
  const details: [string, ReactNode][] = [
    [
      'Email',
      <a key="email" href={`mailto:${user.email}`}>
        {user.email}
      </a>,
    ],
    ['Phone', user.phone ? localPhone(user.phone) : CUSTOMERS_TEXTS.noPhone],
    ['Address', user.address ?? CUSTOMERS_TEXTS.unknown],
    [
      'Joined',
      <time key="joined" dateTime={user.joinDate}>
        {formatDate(user.joinDate)}
      </time>,
    ],
  ];

  return (
    <>
      <h1 className={styles.title}>{user.fullName}</h1>

      <div className={styles.layout}>
        <OrderPanel id="customer-contact-title" title="Contact Details" className={styles.panel}>
          <OrderPairs rows={details} />
          {user.address && <p className={styles.note}>{CUSTOMERS_TEXTS.contactHint}</p>}
          <div className={styles.contactActions}>
            <a href={`mailto:${user.email}`} className={button({ tone: 'primary' })}>
              Send email
            </a>
            {phone && (
              <a href={`tel:${phone}`} className={button({ tone: 'quiet' })}>
                Call {localPhone(phone)}
              </a>
            )}
          </div>
        </OrderPanel>

        <dl className={styles.stats}>
          <div className={styles.stat}>
            <dt className={styles.statLabel}>Total Orders</dt>
            <dd className={styles.statValue}>{profile.totalOrders}</dd>
          </div>
          <div className={styles.stat}>
            <dt className={styles.statLabel}>Total Spent</dt>
            <dd className={styles.statValue}>
              <Price value={profile.totalSpent} />
            </dd>
            <dd className={styles.note}>{CUSTOMERS_TEXTS.spentHint}</dd>
          </div>
        </dl>
      </div>

      <PasswordResetPanel user={user} />

      <OrderPanel id="customer-orders-title" title="Order History" className={styles.panel}>
        <PanelTable
          labelledBy="customer-orders-title"
          columns={['Order', 'Date', 'Total', 'Status']}
          numeric={['Total']}
          rows={orders}
          empty={<p className={styles.note}>{CUSTOMERS_TEXTS.noOrders}</p>}
          row={(order) => (
            <tr key={order._id}>
              <td className={`${table.td} ${table.nowrap}`}>
                <Link to="/admin/orders/$id" params={{ id: order._id }}>
                  {order.orderNumber}
                </Link>
              </td>
              <DateCell date={order.createdAt} />
              <PriceCell value={order.total} />
              <td className={table.td}>
                <OrderStatusBadge status={order.orderStatus} />
              </td>
            </tr>
          )}
        />
      </OrderPanel>
    </>
  );
}
