import { Price } from '@/client/components/price';
import { cardStack } from '@/client/components/primitives.css';
import { ProductImage } from '@/client/components/product-image';
import { SHOP_TEXTS } from '@/client/lib/texts';
import { useCart } from '@/client/stores/cart';
import { useCheckout } from '@/client/stores/checkout';
import { DELIVERY_TEXTS } from '@/shared/delivery';
import { formatCedis } from '@/shared/money';
import { PAGE_MESSAGES } from '@/shared/page-messages';
import { cartTotals, lineTotal } from '../lib/cart-lines';
import { CHECKOUT_DELIVERY_TEXTS, type DeliveryState, feeText, freeDeliveryGap } from '../lib/delivery';
import { CHECKOUT_TEXTS } from '../texts';
import * as styles from './order-summary.css';
import { PromoBox } from './promo-box';

/**
 * The order summary: each line, subtotal, discount, the delivery and the total (summed in pesewas),
 * a note on delivery and the promo box. A fee paid with the order is in the total; one paid to the
 * rider is said under it and left out. With no delivery options (or none known) the spec's note;
 * with options serving none of the address, that the shop will call. Short of an option's free
 * delivery, how much more makes it free.
 */
export function OrderSummary({ delivery }: { delivery: DeliveryState }) {
  const items = useCart((s) => s.items);
  const promo = useCheckout((s) => s.promo);
  const { subtotal, discount } = cartTotals(items, promo);
  const { status, chosen, fee, total } = delivery;
  const riderFee = chosen?.feePaidWith === 'rider' && fee !== null && fee > 0 ? fee : null;

  let note: string | null = null;
  if (status === 'none' || status === 'unknown') note = PAGE_MESSAGES.deliveryFeeNote;
  else if (status === 'noneFits') note = DELIVERY_TEXTS.noOptionFits;
  else if (riderFee !== null) note = DELIVERY_TEXTS.paidToRider(formatCedis(riderFee));
  const gap = freeDeliveryGap(delivery);

  return (
    <aside className={cardStack} aria-labelledby="checkout-summary-title">
      <h2 id="checkout-summary-title" className={styles.title}>
        Order summary
      </h2>
      <ul className={styles.lines}>
        {items.map((item) => (
          <li key={item.productId} className={styles.line}>
            <ProductImage src={item.image} alt="" width={48} height={48} sizes="48px" className={styles.lineImage} />
            <span className={styles.lineName}>
              {item.name} × {item.quantity}
            </span>
            <Price value={lineTotal(item)} className={styles.lineTotal} />
          </li>
        ))}
      </ul>
      <dl className={styles.totals}>
        <dt className={styles.label}>{SHOP_TEXTS.subtotal}</dt>
        <dd className={styles.value}>
          <Price value={subtotal} />
        </dd>
        <dt className={styles.label}>{SHOP_TEXTS.discount}</dt>
        <dd className={discount > 0 ? styles.discount : styles.value}>{discount > 0 ? `−${formatCedis(discount)}` : formatCedis(0)}</dd>
        {(status === 'choose' || status === 'locate') && (
          <>
            <dt className={styles.label}>{CHECKOUT_DELIVERY_TEXTS.legend}</dt>
            <dd className={styles.pending}>{CHECKOUT_DELIVERY_TEXTS.notChosen}</dd>
          </>
        )}
        {chosen && fee !== null && riderFee === null && (
          <>
            <dt className={styles.label}>{CHECKOUT_DELIVERY_TEXTS.legend}</dt>
            <dd className={styles.value}>{feeText(fee)}</dd>
          </>
        )}
        <dt className={styles.totalLabel}>Total</dt>
        <dd className={styles.totalValue}>
          <Price value={total} />
        </dd>
      </dl>
      {note && <p className={styles.note}>{note}</p>}
      {gap && (
        <p className={styles.freeDelivery}>
          {gap.chosen ? CHECKOUT_TEXTS.freeDeliveryGap(formatCedis(gap.amount)) : CHECKOUT_TEXTS.freeDeliveryGapWith(formatCedis(gap.amount), gap.option.name)}
        </p>
      )}
      <PromoBox subtotal={subtotal} />
    </aside>
  );
}
