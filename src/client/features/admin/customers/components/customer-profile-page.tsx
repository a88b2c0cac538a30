import { useQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import type { ReactNode } from 'react';
import { Avatar } from '@/client/components/avatar';
import { button } from '@/client/components/button';
import { DateCell, PriceCell } from '@/client/components/data-table';
import * as table from '@/client/components/data-table.css';
import { EmailLink } from '@/client/components/email-link';
import { OrderPairs, OrderPanel } from '@/client/components/order-display';
import { PanelTable } from '@/client/components/panel-table';
import { Price } from '@/client/components/price';
import { Skeleton } from '@/client/components/skeleton';
import { OrderStatusBadge } from '@/client/components/status-badge';
import { formatDate } from '@/client/lib/format-date';
import { usePageTitle } from '@/client/lib/head';
import { localPhone } from '@/client/lib/phone';
import type { CustomerProfile, GuestBuyerProfile } from '@/shared/admin-types';
import { SERVER_MESSAGES } from '@/shared/server-messages';
import { AdminDetailScreen } from '../../components/admin-detail-screen';
import { adminGuestBuyerQuery, isGuestKey } from '../api/get-guest-buyer';
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

const GUEST_PROFILE_TEXTS = { ...PROFILE_TEXTS, notFound: SERVER_MESSAGES.guestBuyerNotFound };

const SKELETON = (
  <>
    <Skeleton height="2.25rem" width="14rem" />
    <div className={styles.layout}>
      <Skeleton height="11rem" radius="16px" />
      <Skeleton height="7rem" radius="16px" />
    </div>
    <Skeleton height="14rem" radius="16px" />
  </>
);

/** /admin/customers/{id}: an account, or a guest buyer by their key. A new id is a new page. */
export function CustomerProfilePage({ id }: { id: string }) {
  return isGuestKey(id) ? <GuestScreen key={id} id={id} /> : <ProfileScreen key={id} id={id} />;
}

function ProfileScreen({ id }: { id: string }) {
  return (
    <AdminDetailScreen query={useQuery(adminCustomerQuery(id))} list="/admin/customers" texts={PROFILE_TEXTS} skeleton={SKELETON} classes={styles}>
      {(profile) => <Profile profile={profile} />}
    </AdminDetailScreen>
  );
}

function GuestScreen({ id }: { id: string }) {
  return (
    <AdminDetailScreen query={useQuery(adminGuestBuyerQuery(id))} list="/admin/customers" texts={GUEST_PROFILE_TEXTS} skeleton={SKELETON} classes={styles}>
      {(profile) => <Profile profile={profile} />}
    </AdminDetailScreen>
  );
}

/** The contact details shown as pairs: e-mail, phone, address, when they joined (a guest: first and last order, other contacts). */
function detailsOf(user: CustomerProfile['user'] | GuestBuyerProfile['user']): [string, ReactNode][] {
  const guest = user.kind === 'guest' ? user : undefined;
  const details: [string, ReactNode][] = [
    ['Email', <EmailLink key="email" email={user.email} none={CUSTOMERS_TEXTS.noEmail} />],
    ['Phone', user.phone ? localPhone(user.phone) : CUSTOMERS_TEXTS.noPhone],
    ['Address', user.address ?? CUSTOMERS_TEXTS.unknown],
    [
      guest ? 'First order' : 'Joined',
      <time key="joined" dateTime={user.joinDate}>
        {formatDate(user.joinDate)}
      </time>,
    ],
  ];
  if (guest) {
    details.push([
      CUSTOMERS_TEXTS.lastOrder,
      <time key="last" dateTime={guest.lastOrderDate}>
        {formatDate(guest.lastOrderDate)}
      </time>,
    ]);
    const others = [...guest.phones.filter((p) => p !== guest.phone).map(localPhone), ...guest.emails.filter((e) => e !== guest.email.toLowerCase())];
    if (others.length) details.push([CUSTOMERS_TEXTS.otherContacts, others.join(', ')]);
  }

  return details;
}

/** An account's profile, or a guest buyer's: the same page without the password reset, with every phone and e-mail they used. */
function Profile({ profile }: { profile: CustomerProfile | GuestBuyerProfile }) {
  const { user, orders } = profile;
  const guest = user.kind === 'guest' ? user : undefined;
  usePageTitle(`${user.fullName} - Admin`);
  // The account's own phone (the SMS of a reset goes there); the address is the latest order's.
  const phone = user.phone?.replace(/\s+/g, '');
  return (
    <>
      <h1 className={styles.title}>
        <Avatar name={user.fullName} src={user.avatar} size={56} decorative />
        {user.fullName}
        {guest && (
          <>
            {' '}
            <span className={styles.guestBadge}>{CUSTOMERS_TEXTS.guestBadge}</span>
          </>
        )}
      </h1>
      {guest && <p className={styles.note}>{CUSTOMERS_TEXTS.guestNote}</p>}

      <div className={styles.layout}>
        <OrderPanel id="customer-contact-title" title="Contact Details" className={styles.panel}>
          <OrderPairs rows={detailsOf(user)} />
          {user.address && <p className={styles.note}>{CUSTOMERS_TEXTS.contactHint}</p>}
          <div className={styles.contactActions}>
            <EmailLink email={user.email} className={button({ tone: 'primary' })}>
              Send email
            </EmailLink>
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

      {user.kind === 'account' && <PasswordResetPanel user={user} />}

      <OrderHistory orders={orders} />
    </>
  );
}

/** The customer's orders: number (to its page), date, total and status. */
function OrderHistory({ orders }: { orders: CustomerProfile['orders'] }) {
  return (
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
              <Link to="/admin/orders/$id" params={{ id: order._id }} className={table.cellLink}>
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
  );
}
