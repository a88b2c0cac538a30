import { useQuery } from '@tanstack/react-query';
import { Fragment, type ReactNode } from 'react';
import { DEFAULT_SHOP_NAME, shopSettingsQuery } from '@/client/lib/queries/settings';
import { SHOP_TEXTS } from '@/client/lib/texts';
import { DELIVERY_TEXTS, gpsMapLink, type OrderDelivery } from '@/shared/delivery';
import { formatCedis, toCedis, toPesewas } from '@/shared/money';
import type { Order } from '@/shared/types';
import { formatDateTime } from '../lib/format-date';
import { Stroke } from './icons';
import * as styles from './order-display.css';
import { Price } from './price';

/**
 * What the shopper's order page and the admin's order page both show of an order, in one place:
 * the customer's details, where the order goes and how, each line's total and the totals.
 * Each page keeps its own layout (cards or panels, a list or a table of lines) and passes its panel
 * class. An order shows the delivery it was placed with (its snapshot), never the option as it is now.
 */

type OrderLine = Order['items'][number];

/** A line's total in cedis, counted in pesewas so it adds up to the order's subtotal. */
export const lineTotal = (line: OrderLine) => toCedis(toPesewas(line.priceAtPurchase) * line.quantity);

/** A section named by its heading: `id` is the heading's. */
export function OrderPanel({ id, title, className, children }: { id: string; title: string; className: string; children: ReactNode }) {
  return (
    <section className={className} aria-labelledby={id}>
      <h2 id={id} className={styles.panelTitle}>
        {title}
      </h2>
      {children}
    </section>
  );
}

/** Label and value pairs (a <dl>). */
export function OrderPairs({ rows }: { rows: [string, ReactNode][] }) {
  return (
    <dl className={styles.pairs}>
      {rows.map(([label, value]) => (
        <Fragment key={label}>
          <dt className={styles.pairLabel}>{label}</dt>
          <dd className={styles.pairValue}>{value}</dd>
        </Fragment>
      ))}
    </dl>
  );
}

/** 'Customer Information': the rows each page shows (the admin's link the email, phone and account). */
export function CustomerInformation({ rows, className }: { rows: [string, ReactNode][]; className: string }) {
  return (
    <OrderPanel id="order-customer-title" title="Customer Information" className={className}>
      <OrderPairs rows={rows} />
    </OrderPanel>
  );
}

/**
 * The delivery's name as a label: 'Pickup: Shop at Osu' for a pickup, else 'Delivery: Accra'.
 * Pickup orders say so wherever their delivery is named. (A colon, not brackets: an option's name
 * often has brackets of its own.)
 */
export const deliveryLabel = (delivery: Pick<OrderDelivery, 'name' | 'pickup'>) => `${delivery.pickup ? 'Pickup' : 'Delivery'}: ${delivery.name}`;

/**
 * The fee the shopper pays the rider on delivery, outside the total: 'Delivery ₵20.00, paid to the
 * rider'; null when the fee is in the total or there is nothing to pay.
 */
export function riderFeeNote(delivery: OrderDelivery | null): string | null {
  if (delivery?.feePaidWith !== 'rider' || delivery.fee === 0) return null;
  return DELIVERY_TEXTS.paidToRider(formatCedis(delivery.fee));
}

/**
 * No delivery option was chosen (none defined, or none served the address): the fee is agreed
 * later, and the spec's 'NB: Shipping / delivery fee not included' note stays. With a snapshot the
 * fee is known, so the note would be wrong.
 */
export const deliveryFeeUnknown = (order: Pick<Order, 'delivery' | 'shipping'>) => order.delivery === null && order.shipping === null;

/**
 * The GhanaPost GPS address, as a link to it on a map in a new tab (the rider's map app finds it):
 * named 'GA-183-8164, find on map'.
 */
export function GpsAddressLink({ gpsAddress }: { gpsAddress: string }) {
  return (
    <a href={gpsMapLink(gpsAddress)} target="_blank" rel="noopener noreferrer">
      {gpsAddress}
      <span className="visually-hidden">, find on map</span>
      <span aria-hidden="true"> ↗</span>
    </a>
  );
}

/**
 * Where the order goes and how, as rows of label and value, each only when the order has it: the
 * region, the GPS address (a map link), the landmark, the delivery option (or pickup) and its
 * estimated time. Riders read them on the admin's page; the shopper on theirs.
 */
export function deliveryRows(order: Pick<Order, 'region' | 'gpsAddress' | 'landmark' | 'delivery'>): [string, ReactNode][] {
  const rows: [string, ReactNode][] = [];
  if (order.region) rows.push(['Region', order.region]);
  if (order.gpsAddress) rows.push(['GPS address', <GpsAddressLink key="gps" gpsAddress={order.gpsAddress} />]);
  if (order.landmark) rows.push(['Landmark', order.landmark]);
  if (order.delivery) {
    rows.push([order.delivery.pickup ? 'Pickup' : 'Delivery', order.delivery.name]);
    if (order.delivery.eta) rows.push(['Estimated time', order.delivery.eta]);
  }
  return rows;
}

/**
 * 'Order Summary': subtotal, discount (with its code), the delivery fee when it is in the total
 * ('Delivery: Accra' or 'Pickup: Shop at Osu', 'Free' when nothing), and the order's own total as the server counted it; a fee paid to the
 * rider is said under the total, not added. `children` go under them.
 */
export function OrderSummary({ order, className, children }: { order: Order; className: string; children?: ReactNode }) {
  const { delivery } = order;
  const riderNote = riderFeeNote(delivery);
  return (
    <OrderPanel id="order-summary-title" title={SHOP_TEXTS.orderSummary} className={className}>
      <dl className={styles.totals}>
        <dt className={styles.pairLabel}>{SHOP_TEXTS.subtotal}</dt>
        <dd className={styles.totalValue}>
          <Price value={order.subtotal} />
        </dd>
        <dt className={styles.pairLabel}>{order.promoCode ? `${SHOP_TEXTS.discount} (${order.promoCode})` : SHOP_TEXTS.discount}</dt>
        <dd className={styles.totalValue}>
          {order.discount > 0 && '−'}
          <Price value={order.discount} />
        </dd>
        {delivery && !riderNote && (
          <>
            <dt className={styles.pairLabel}>{deliveryLabel(delivery)}</dt>
            <dd className={styles.totalValue}>{delivery.fee === 0 ? DELIVERY_TEXTS.free : <Price value={delivery.fee} />}</dd>
          </>
        )}
        {!delivery && order.shipping !== null && (
          <>
            <dt className={styles.pairLabel}>Delivery</dt>
            <dd className={styles.totalValue}>{order.shipping === 0 ? DELIVERY_TEXTS.free : <Price value={order.shipping} />}</dd>
          </>
        )}
        <dt className={styles.grandLabel}>Total</dt>
        <dd className={styles.grandValue}>
          <Price value={order.total} />
        </dd>
      </dl>
      {delivery && riderNote && (
        <p className={styles.riderNote}>
          <span className={styles.riderName}>{delivery.name}:</span> {riderNote}
        </p>
      )}
      {children}
    </OrderPanel>
  );
}

/** What a printed order is: the admin's packing slip (it goes in the parcel) and receipt, or the shopper's receipt. */
export type PrintKind = 'packing slip' | 'receipt';

const PRINT_TITLES: Record<PrintKind, string> = { 'packing slip': 'Packing slip and receipt', receipt: 'Receipt' };

/**
 * The top of a printed order, hidden on screen: the shop (logo, name, address, phone, e-mail,
 * WhatsApp, from the shop's settings) and the order (number, date, status, payment state and
 * method). The page's own panels print below it: the customer, the address with its GPS address
 * and landmark, the lines, the delivery and the totals. It reads the settings the root route loads
 * for every page (and never asks for them again); hidden from assistive technology as from the
 * screen, it is no second banner and no second set of the order's facts.
 */
export function PrintHeader({ order, kind }: { order: Order; kind: PrintKind }) {
  const settings = useQuery({ ...shopSettingsQuery(), enabled: false }).data ?? null;
  const contacts = [
    settings?.phone && `Phone: ${settings.phone}`,
    settings?.whatsapp && settings.whatsapp !== settings.phone && `WhatsApp: ${settings.whatsapp}`,
    settings?.email && `Email: ${settings.email}`,
  ].filter((line): line is string => Boolean(line));
  return (
    <div className={styles.printHeader} aria-hidden="true" data-testid="print-header">
      <div className={styles.printShop}>
        {settings?.logo && <img className={styles.printLogo} src={settings.logo} alt="" height={56} />}
        <p className={styles.printShopName}>{settings?.shopName || DEFAULT_SHOP_NAME}</p>
        {settings?.address && <p className={styles.printLine}>{settings.address}</p>}
        {contacts.map((line) => (
          <p key={line} className={styles.printLine}>
            {line}
          </p>
        ))}
      </div>
      <div className={styles.printDocument}>
        <p className={styles.printTitle}>{PRINT_TITLES[kind]}</p>
        <OrderPairs
          rows={[
            ['Order number', order.orderNumber],
            ['Placed', formatDateTime(order.createdAt)],
            ['Order status', order.orderStatus],
            ['Payment', `${order.paymentStatus} (${order.paymentMethod.paymentMethod})`],
            ...(order.paidAt ? [['Paid on', formatDateTime(order.paidAt)] as [string, string]] : []),
          ]}
        />
      </div>
    </div>
  );
}

/** 'Print': the browser's print dialog, which prints the page with its print stylesheet. Not printed itself. */
export function PrintButton({ className }: { className: string }) {
  return (
    <button type="button" className={`${className} ${styles.printButton}`} onClick={() => window.print()}>
      <Stroke d="M6 9V3h12v6M6 18H4a1 1 0 0 1-1-1v-6a1 1 0 0 1 1-1h16a1 1 0 0 1 1 1v6a1 1 0 0 1-1 1h-2M6 14h12v7H6z" size={18} />
      Print
    </button>
  );
}
