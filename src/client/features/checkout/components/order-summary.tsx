import { Price } from '@/client/components/price';
import { cardStack } from '@/client/components/primitives.css';
import { ProductImage } from '@/client/components/product-image';
import { SHOP_TEXTS } from '@/client/lib/texts';
import { useCart } from '@/client/stores/cart';
import { useCheckout } from '@/client/stores/checkout';
import { MESSAGES } from '@/shared/messages';
import { formatCedis } from '@/shared/money';
import { cartTotals, lineTotal } from '../lib/cart-lines';
import * as styles from './order-summary.css';
import { PromoBox } from './promo-box';

/** The order summary: each line, subtotal, discount and total (summed in pesewas), the delivery note and the promo box. */
export function OrderSummary() {
  const items = useCart((s) => s.items);
  const promo = useCheckout((s) => s.promo);
  const { subtotal, discount, total } = cartTotals(items, promo);

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
        <dt className={styles.totalLabel}>Total</dt>
        <dd className={styles.totalValue}>
          <Price value={total} />
        </dd>
      </dl>
      <p className={styles.note}>{MESSAGES.deliveryFeeNote}</p>
      <PromoBox subtotal={subtotal} />
    </aside>
  );
}
