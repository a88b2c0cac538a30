import { useQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { Fragment, type ReactNode } from 'react';
import { button } from '@/client/components/button.css';
import { DateCell, PriceCell } from '@/client/components/data-table';
import * as table from '@/client/components/data-table.css';
import { LoadFailure } from '@/client/components/load-failure';
import { PanelTable } from '@/client/components/panel-table';
import { Price } from '@/client/components/price';
import { Skeleton } from '@/client/components/skeleton';
import { OrderStatusBadge } from '@/client/components/status-badge';
import { formatDate } from '@/client/lib/format-date';
import { usePageTitle } from '@/client/lib/head';
import { requestStateOf } from '@/client/lib/query-client';
import { MESSAGES } from '@/shared/messages';
import type { CustomerProfile } from '@/shared/types';
import { adminCustomerQuery } from '../api/get-user-by-id';
import { CUSTOMERS_TEXTS } from '../texts';
import * as styles from './customers.css';

/** /admin/customers/{id}. A new id is a new page. */
export function CustomerProfilePage({ id }: { id: string }) {
  return <ProfileScreen key={id} id={id} />;
}

function ProfileScreen({ id }: { id: string }) {
  const query = useQuery(adminCustomerQuery(id));
  const state = requestStateOf(query);
  const retry = () => void query.refetch();

  let content: ReactNode;
  if (state.status === 'loading') content = <ProfileSkeleton />;
  else if (state.status === 'error' && state.failure.status === 404) content = <ProfileMessage title={MESSAGES.userNotFound} />;
  else if (state.status === 'error')
    content = (
      <ProfileMessage title="Customer">
        <LoadFailure message={CUSTOMERS_TEXTS.customerFailed} failure={state.failure} onRetry={retry} />
      </ProfileMessage>
    );
  else content = <Profile profile={state.data} />;

  return (
    <div className={styles.page}>
      <Link to="/admin/customers" className={styles.backLink}>
        <span aria-hidden="true">←</span> Back to Customers
      </Link>
      {content}
    </div>
  );
}

function ProfileMessage({ title, children }: { title: string; children?: ReactNode }) {
  usePageTitle(`${title} - Admin`);
  return (
    <div className={styles.centred}>
      <h1 className={styles.title}>{title}</h1>
      {children}
    </div>
  );
}

function ProfileSkeleton() {
  return (
    <div aria-busy="true" className={styles.skeletonStack}>
      <p className="visually-hidden" role="status">
        {CUSTOMERS_TEXTS.loadingCustomer}
      </p>
      <div aria-hidden="true" className={styles.skeletonStack}>
        <Skeleton height="2.25rem" width="14rem" />
        <div className={styles.layout}>
          <Skeleton height="11rem" radius="16px" />
          <Skeleton height="7rem" radius="16px" />
        </div>
        <Skeleton height="14rem" radius="16px" />
      </div>
    </div>
  );
}

function Profile({ profile }: { profile: CustomerProfile }) {
  const { user, orders } = profile;
  usePageTitle(`${user.fullName} - Admin`);
  const phone = user.phone?.replace(/\s+/g, '');
  const details: [string, ReactNode][] = [
    [
      'Email',
      <a key="email" href={`mailto:${user.email}`}>
        {user.email}
      </a>,
    ],
    ['Phone', user.phone ?? CUSTOMERS_TEXTS.unknown],
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
        <section className={styles.panel} aria-labelledby="customer-contact-title">
          <h2 id="customer-contact-title" className={styles.panelTitle}>
            Contact Details
          </h2>
          <dl className={styles.pairs}>
            {details.map(([label, value]) => (
              <Fragment key={label}>
                <dt className={styles.pairLabel}>{label}</dt>
                <dd className={styles.pairValue}>{value}</dd>
              </Fragment>
            ))}
          </dl>
          {(user.phone || user.address) && <p className={styles.note}>{CUSTOMERS_TEXTS.contactHint}</p>}
          <div className={styles.contactActions}>
            <a href={`mailto:${user.email}`} className={button({ tone: 'primary' })}>
              Send email
            </a>
            {phone && (
              <a href={`tel:${phone}`} className={button({ tone: 'quiet' })}>
                Call {user.phone}
              </a>
            )}
          </div>
        </section>

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

      <section className={styles.panel} aria-labelledby="customer-orders-title">
        <h2 id="customer-orders-title" className={styles.panelTitle}>
          Order History
        </h2>
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
      </section>
    </>
  );
}
