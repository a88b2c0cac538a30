import { useIsMutating } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { useEffect, useState } from 'react';
import { Stroke } from '@/client/components/icons';
import { ShopProductsLink } from '@/client/components/shop-products-link';
import { SHOP_TEXTS } from '@/client/lib/texts';
import { toCedis, toPesewas } from '@/shared/money';
import { Busy } from '../../components/busy';
import { button } from '../../components/button';
import { Price } from '../../components/price';
import { container } from '../../components/primitives.css';
import { Skeleton } from '../../components/skeleton';
import { usePageTitle } from '../../lib/head';
import { CART_SAVES, cartCount, cartSaveKey, useCart } from '../../stores/cart';
import { useSession } from '../../stores/session';
import { useHydrated } from '../../stores/use-hydrated';
import * as styles from './cart-page.css';
import { CartRow } from './cart-row';
import { useFreshCartStock } from './fresh-stock';

/** /cart: the lines with their quantity edits, the subtotal, Clear Cart and Proceed to Checkout. */
export function CartPage() {
  usePageTitle('Shopping Cart');
  const items = useCart((s) => s.items);
  const clearing = useIsMutating({ mutationKey: cartSaveKey('*') }) > 0;
  const anySaving = useIsMutating({ mutationKey: CART_SAVES }) > 0;
  const signedIn = useSession((s) => s.session !== null);
  const hydrated = useHydrated(useCart);
  const [loading, setLoading] = useState(signedIn);
  useFreshCartStock(items);

  // Signed in: the server cart is the truth; the persisted copy shows meanwhile.
  useEffect(() => {
    if (!signedIn) {
      setLoading(false);
      return;
    }
    let live = true;
    setLoading(true);
    void useCart
      .getState()
      .load()
      .finally(() => {
        if (live) setLoading(false);
      });
    return () => {
      live = false;
    };
  }, [signedIn]);

  const waiting = items.length === 0 && (!hydrated || loading);

  return (
    <div className={`${container} ${styles.page}`}>
      <h1 className={styles.title}>Shopping Cart</h1>
      {waiting ? <CartSkeleton /> : items.length === 0 ? <EmptyCart /> : null}
      {!waiting && items.length > 0 && (
        <div className={styles.layout}>
          <section aria-labelledby="cart-lines-title">
            <h2 id="cart-lines-title" className="visually-hidden">
              Items in your cart
            </h2>
            <ul className={styles.list}>
              {items.map((item, index) => (
                <CartRow key={item.productId} item={item} priority={index < 3} />
              ))}
            </ul>
          </section>
          <aside className={styles.summary} aria-labelledby="cart-summary-title">
            <h2 id="cart-summary-title" className={styles.summaryTitle}>
              {SHOP_TEXTS.orderSummary}
            </h2>
            <dl className={styles.totals}>
              <dt className={styles.totalsLabel}>Items</dt>
              <dd className={styles.totalsValue}>{cartCount(items)}</dd>
              <dt className={styles.totalsLabel}>{SHOP_TEXTS.subtotal}</dt>
              <dd className={styles.subtotalValue}>
                <Price value={toCedis(items.reduce((sum, i) => sum + toPesewas(i.price) * i.quantity, 0))} />
              </dd>
            </dl>
            <p className={styles.note}>Delivery fee not included; we confirm it with you after you order.</p>
            <div className={styles.actions}>
              <Link to="/checkout" className={button({ tone: 'primary', block: true })}>
                Proceed to Checkout
              </Link>
              <button type="button" className={button({ tone: 'danger', block: true })} disabled={anySaving} onClick={() => void useCart.getState().clear()}>
                {clearing && <Busy />}
                Clear Cart
              </button>
            </div>
            {!signedIn && (
              <p className={styles.note}>
                Have an account?{' '}
                <Link to="/signin" search={{ redirect: '/cart' }}>
                  Sign in
                </Link>{' '}
                to keep your cart on every device.
              </p>
            )}
            <Link to="/products" className={styles.continueLink}>
              {SHOP_TEXTS.continueShopping}
            </Link>
          </aside>
        </div>
      )}
    </div>
  );
}

function EmptyCart() {
  return (
    <section className={styles.empty} aria-labelledby="cart-empty-title">
      <Stroke className={styles.emptyIcon} weight={1.5} d="M3 4h2l2.4 11.2a1 1 0 0 0 1 .8h8.9a1 1 0 0 0 1-.8L20 8H6.2">
        <circle cx="9" cy="20" r="1.3" />
        <circle cx="17" cy="20" r="1.3" />
      </Stroke>
      <h2 id="cart-empty-title" className={styles.emptyTitle}>
        Your cart is empty
      </h2>
      <p className={styles.emptyText}>Add items to your cart and come back here to complete your order.</p>
      <ShopProductsLink />
    </section>
  );
}

/** Two rows sized like cart lines while the cart is read back or fetched. */
function CartSkeleton() {
  return (
    <div className={styles.list} role="status" aria-label="Loading your cart">
      {[0, 1].map((i) => (
        <div key={i} className={styles.skeletonRow}>
          <span style={{ gridArea: 'image' }}>
            <Skeleton width={72} height={72} />
          </span>
          <span style={{ gridArea: 'info', display: 'grid', gap: 8 }}>
            <Skeleton width="70%" height={18} />
            <Skeleton width="40%" height={16} />
          </span>
          <span style={{ gridArea: 'controls' }}>
            <Skeleton width="100%" height={44} />
          </span>
        </div>
      ))}
    </div>
  );
}
