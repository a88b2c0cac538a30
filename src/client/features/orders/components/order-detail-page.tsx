import { useQuery } from '@tanstack/react-query';
import { Link, useNavigate } from '@tanstack/react-router';
import { type ReactNode, useEffect } from 'react';
import { Breadcrumb } from '@/client/components/breadcrumb';
import { button } from '@/client/components/button';
import { Fact } from '@/client/components/fact';
import { LoadFailure } from '@/client/components/load-failure';
import {
  CustomerInformation,
  deliveryFeeUnknown,
  deliveryRows,
  lineTotal,
  OrderPanel,
  OrderSummary,
  PrintButton,
  PrintHeader,
} from '@/client/components/order-display';
import { noPrint, noPrintGroup, printPage } from '@/client/components/order-display.css';
import { Price } from '@/client/components/price';
import { cardStack, container, pageStack } from '@/client/components/primitives.css';
import { ProductImage } from '@/client/components/product-image';
import { Skeleton } from '@/client/components/skeleton';
import { formatDateTime } from '@/client/lib/format-date';
import { usePageTitle } from '@/client/lib/head';
import { SHOP_TEXTS } from '@/client/lib/texts';
import { toast } from '@/client/lib/toast';
import { useCheckout } from '@/client/stores/checkout';
import { useSession } from '@/client/stores/session';
import { useHydrated } from '@/client/stores/use-hydrated';
import { PAGE_MESSAGES } from '@/shared/page-messages';
import type { Order } from '@/shared/types';
import { orderQuery } from '../api/get-order';
import { paidAfterCancellation, refundNotes } from '../lib/order-money';
import { OrderConfirmation } from './order-confirmation';
import * as detail from './order-detail.css';
import { OrderFacts, OrderLineInfo } from './order-facts';
import { OrderVerification } from './order-verification';
import * as styles from './orders.css';

type Access = 'waiting' | 'allowed' | 'denied';

/**
 * Who may read the order from here: a signed-in shopper (bearer), or a guest whose device kept the
 * order's token. The checkout store is read back from IndexedDB first, also for a signed-in shopper,
 * whose guest orders from before signing in are read with their tokens.
 */
function useOrderAccess(orderId: string): Access {
  const signedIn = useSession((s) => s.session !== null);
  const hydrated = useHydrated(useCheckout);
  const hasToken = useCheckout((s) => Object.hasOwn(s.orderTokens, orderId));
  if (!hydrated) return 'waiting';
  return signedIn || hasToken ? 'allowed' : 'denied';
}

/** /order/{id}, and with `placed` the confirmation right after checkout. A new id is a new page. */
export function OrderDetailPage({ id, placed = false }: { id: string; placed?: boolean }) {
  return <OrderScreen key={id} id={id} placed={placed} />;
}

function OrderScreen({ id, placed }: { id: string; placed: boolean }) {
  const access = useOrderAccess(id);
  const query = useQuery({ ...orderQuery(id), enabled: access === 'allowed' });
  const retry = () => void query.refetch();
  const navigate = useNavigate();

  // Spec: not logged in → 'Please log in to view order details' and off to sign in (our /login is /signin),
  // coming back here afterwards.
  useEffect(() => {
    if (access !== 'denied') return;
    toast.error(PAGE_MESSAGES.orderSignInRequired, { id: 'order-sign-in-required' });
    void navigate({ to: '/signin', search: { redirect: `/order/${id}` }, replace: true });
  }, [access, id, navigate]);

  // The order once it is in (a failed refetch leaves it shown); the failure only when none came.
  const order = query.data;
  let content: ReactNode;
  if (access !== 'allowed') content = <OrderSkeleton />;
  else if (order)
    content = (
      <>
        {placed && <OrderConfirmation order={order} />}
        {/* The confirmation asks for the phone's code itself: once on the page is enough. */}
        <OrderDetails order={order} askBuyer={!placed} />
      </>
    );
  else if (!query.isLoadingError) content = <OrderSkeleton />;
  else if (query.error.status === 404) content = <OrderNotFound />;
  else content = <OrderLoadError message={query.error.message} onRetry={retry} />;

  return <div className={`${container} ${pageStack}`}>{content}</div>;
}

function OrderNotFound() {
  usePageTitle(PAGE_MESSAGES.orderNotFound);
  return (
    <div className={styles.empty}>
      <h1 className={styles.title}>{PAGE_MESSAGES.orderNotFound}</h1>
      <p className={detail.note}>This order does not exist, or it was not placed with your account or on this device.</p>
      <Link to="/orders" className={button({ tone: 'primary' })}>
        {`Back to ${SHOP_TEXTS.myOrders}`}
      </Link>
    </div>
  );
}

export function OrderLoadError({ message, onRetry }: { message: string; onRetry: () => void }) {
  usePageTitle('Order');
  return (
    <>
      <h1 className="visually-hidden">Order</h1>
      <LoadFailure message={message} onRetry={onRetry} />
    </>
  );
}

export function OrderSkeleton() {
  return (
    <div aria-busy="true">
      <p className="visually-hidden" role="status">
        Loading order…
      </p>
      <div aria-hidden="true" className={detail.skeletonStack}>
        <Skeleton height="1.2em" width="14rem" />
        <Skeleton height="2.25rem" width="60%" />
        <Skeleton height="3.5rem" />
        <div className={detail.layout}>
          <div className={detail.main}>
            <Skeleton height="12rem" radius="16px" />
            <Skeleton height="10rem" radius="16px" />
          </div>
          <Skeleton height="12rem" radius="16px" />
        </div>
      </div>
    </div>
  );
}

const isAwaitingPayment = (order: Order) =>
  order.paymentMethod.paymentMethod === 'Mobile Money' && order.paymentStatus === 'Pending' && order.orderStatus === 'Pending';

/** A Cash on Delivery order the shop has yet to confirm: it holds its items until the confirm-by time. */
const isAwaitingConfirmation = (order: Order): order is Order & { holdExpiresAt: string } =>
  order.paymentMethod.paymentMethod === 'Cash on Delivery' && order.orderStatus === 'Pending' && order.holdExpiresAt !== null;

/**
 * The order as its shopper reads it: facts, callouts, customer, lines and totals. `viaLink`: opened
 * from a message's link (/o/{code}), perhaps by someone without an account: read-only, no way to
 * pay from here, and no 'My orders' on the way back. `askBuyer`: a cash order whose buyer is not
 * shown to be real yet asks for the phone's code (not via a link, which holds no order token).
 */
export function OrderDetails({ order, viaLink = false, askBuyer = !viaLink }: { order: Order; viaLink?: boolean; askBuyer?: boolean }) {
  const title = `Order ${order.orderNumber}`;
  usePageTitle(title);
  const refunds = refundNotes(order);
  // Why it was cancelled; a reason this version does not know says nothing more.
  const cancelReason = order.cancelReason ? (PAGE_MESSAGES.orderCancelReasons[order.cancelReason] as string | undefined) : undefined;
  // Printed, the page is a receipt: the print header (the shop, the order's number, date and
  // payment), the callouts, the customer and address, the lines and the totals; the shop's header,
  // footer and menus, the confirmation above and the buttons stay off the sheet (order-display.css).
  return (
    <div className={printPage}>
      <PrintHeader order={order} kind="receipt" />
      <div className={noPrintGroup}>
        <Breadcrumb crumbs={[{ label: 'Home', to: '/' }, ...(viaLink ? [] : [{ label: SHOP_TEXTS.myOrders, to: '/orders' as const }]), { label: title }]} />
      </div>
      <h1 className={`${styles.title} ${noPrint}`}>{title}</h1>
      <div className={noPrintGroup}>
        <OrderFacts order={order} dateLabel="Order date" date={formatDateTime(order.createdAt)} paymentLabel="Payment status">
          <Fact label="Payment method">{order.paymentMethod.paymentMethod}</Fact>
        </OrderFacts>
      </div>
      <PrintButton className={button({ tone: 'quiet', size: 'sm' })} />

      {order.orderStatus === 'Cancelled' && (
        <div className={detail.calloutDanger}>
          <p className={detail.calloutText}>
            {order.cancelledAt ? PAGE_MESSAGES.orderCancelledOn(formatDateTime(order.cancelledAt)) : 'This order was cancelled.'}
          </p>
          {cancelReason && <p className={detail.calloutText}>{cancelReason}</p>}
          {paidAfterCancellation(order) && <p className={detail.calloutText}>{PAGE_MESSAGES.paidAfterCancellation}</p>}
        </div>
      )}
      {refunds.length > 0 && (
        <div className={detail.calloutSuccess}>
          {refunds.map((note) => (
            <p key={note} className={detail.calloutText}>
              {note}
            </p>
          ))}
        </div>
      )}
      {isAwaitingPayment(order) && (
        <div className={detail.calloutWarning}>
          <p className={detail.calloutText}>{PAGE_MESSAGES.paymentAwaited}</p>
          {order.holdExpiresAt && <p className={detail.calloutText}>{PAGE_MESSAGES.payBefore(formatDateTime(order.holdExpiresAt))}</p>}
          {!viaLink && (
            <Link to="/checkout" className={`${button({ tone: 'accent' })} ${noPrint}`}>
              Complete payment
            </Link>
          )}
        </div>
      )}
      {isAwaitingConfirmation(order) && (
        <div className={detail.calloutNote}>
          <p className={detail.calloutNoteText}>{PAGE_MESSAGES.confirmBefore(formatDateTime(order.holdExpiresAt))}</p>
        </div>
      )}
      {askBuyer && (
        <div className={noPrintGroup}>
          <OrderVerification order={order} />
        </div>
      )}

      <div className={detail.layout}>
        <div className={detail.main}>
          <CustomerInfo order={order} />
          <OrderItems order={order} />
        </div>
        <OrderSummary order={order} className={detail.summary}>
          {deliveryFeeUnknown(order) && <p className={detail.note}>{PAGE_MESSAGES.deliveryFeeNotIncluded}</p>}
        </OrderSummary>
      </div>
    </div>
  );
}

/** The shopper's details and where the order goes; a pickup has no street address to show. */
function CustomerInfo({ order }: { order: Order }) {
  return (
    <CustomerInformation
      className={cardStack}
      rows={[
        ['Full name', order.fullName],
        ['Email', order.email],
        ['Phone', order.phone],
        ...(order.address ? [['Address', order.address] as [string, string]] : []),
        ['City', order.city],
        ...deliveryRows(order),
      ]}
    />
  );
}

function OrderItems({ order }: { order: Order }) {
  return (
    <OrderPanel id="order-items-title" title="Items" className={cardStack}>
      <ul className={detail.items}>
        {order.items.map((item, index) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: the same product may sit on two lines of an old order; the lines never move
          <li key={`${item.product._id}-${index}`} className={detail.item}>
            {/* The name is right beside it: the image adds nothing for a screen reader. */}
            <ProductImage
              src={item.product.productImageUrls[0]}
              alt=""
              width={80}
              height={80}
              sizes="(min-width: 768px) 80px, 64px"
              priority={index < 2}
              className={detail.itemImage}
            />
            <OrderLineInfo line={item} />
            <p className={detail.lineTotal}>
              <span className="visually-hidden">Total for {item.product.name}: </span>
              <Price value={lineTotal(item)} />
            </p>
          </li>
        ))}
      </ul>
    </OrderPanel>
  );
}
