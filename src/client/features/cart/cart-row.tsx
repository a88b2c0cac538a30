import { useIsMutating } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { type KeyboardEvent, useState } from 'react';
import { toast } from '@/client/lib/toast';
import { MESSAGES } from '@/shared/messages';
import { toCedis, toPesewas } from '@/shared/money';
import { productAddress } from '@/shared/product-address';
import { Stroke } from '../../components/icons';
import { Price } from '../../components/price';
import { ProductImage } from '../../components/product-image';
import { Spinner } from '../../components/spinner';
import { type CartItem, cartSaveKey, lineLimit, ownOrderLimit, useCart } from '../../stores/cart';
import * as styles from './cart-page.css';

/**
 * A typed quantity as the cart takes it: a whole number of at least 1, or null for anything else,
 * 0, a negative or an empty value included (spec section 5's validation rule; ARCHITECTURE §8: the
 * "0 removes" rule is the store's own, and only the remove button removes a line).
 */
function parseQuantity(text: string): number | null {
  const trimmed = text.trim();
  if (!/^\d+$/.test(trimmed)) return null;
  const quantity = Number(trimmed);
  return quantity >= 1 ? quantity : null;
}

/**
 * One cart line: image, name (to its product), unit price, a quantity stepper, the line total and a
 * remove button. While its change is saved (or the cart is being cleared) it shows a spinner and its
 * controls are disabled.
 */
export function CartRow({ item, priority }: { item: CartItem; priority: boolean }) {
  // Its own change, or Clear cart.
  const busy = useIsMutating({ mutationKey: cartSaveKey(item.productId) }) + useIsMutating({ mutationKey: cartSaveKey('*') }) > 0;
  const ownLimit = ownOrderLimit(item);
  const lineTotal = toCedis(toPesewas(item.price) * item.quantity);
  const limitId = `cart-limit-${item.productId}`;
  const removeLine = () => void useCart.getState().remove(item.productId);

  return (
    <li className={busy ? `${styles.row} ${styles.rowBusy}` : styles.row} aria-busy={busy}>
      <ProductImage
        src={item.image}
        alt={item.name}
        width={96}
        height={96}
        sizes="(min-width: 768px) 96px, 72px"
        priority={priority}
        className={styles.image}
      />
      <LineInfo item={item} ownLimit={ownLimit} limitId={limitId} />
      <div className={styles.controls}>
        <QuantityStepper item={item} busy={busy} describedBy={item.stock > 0 && ownLimit !== null ? limitId : undefined} />
        <p className={styles.lineTotal}>
          <span className="visually-hidden">Total for {item.name}: </span>
          <Price value={lineTotal} />
        </p>
        <span className={styles.busySlot}>{busy && <Spinner label={`Saving ${item.name}`} />}</span>
        <button type="button" className={styles.removeButton} aria-label={`Remove ${item.name} from cart`} disabled={busy} onClick={removeLine}>
          <TrashIcon />
          <span aria-hidden="true" className={styles.removeText}>
            Remove
          </span>
        </button>
      </div>
    </li>
  );
}

/** The line's name (to its product), unit price, and what the stock or the product's own limit says. */
function LineInfo({ item, ownLimit, limitId }: { item: CartItem; ownLimit: number | null; limitId: string }) {
  return (
    <div className={styles.info}>
      <Link to="/product/$id" params={{ id: productAddress({ _id: item.productId, slug: item.slug }) }} className={styles.name}>
        {item.name}
      </Link>
      <p className={styles.unitPrice}>
        <Price value={item.price} /> each
      </p>
      {item.stock <= 0 ? (
        <p className={styles.stockNote}>{MESSAGES.outOfStock}</p>
      ) : item.quantity > item.stock ? (
        <p className={styles.stockNote}>{MESSAGES.onlyNInStock(item.stock)}</p>
      ) : null}
      {item.stock > 0 && ownLimit !== null && (
        <p id={limitId} className={item.quantity > ownLimit ? styles.stockNote : styles.limitNote}>
          {MESSAGES.atMostPerOrder(ownLimit)}
        </p>
      )}
    </div>
  );
}

/** − and + and the typed quantity, saved on Enter or on leaving the box (Escape puts the cart's back). */
function QuantityStepper({ item, busy, describedBy }: { item: CartItem; busy: boolean; describedBy?: string }) {
  // What the shopper is typing; null shows the cart's own quantity.
  const [draft, setDraft] = useState<string | null>(null);
  // The stock, the cap of 100 and the product's own "most per order".
  const max = lineLimit(item);
  const inputId = `cart-quantity-${item.productId}`;

  const save = async (quantity: number) => {
    const { setQuantity } = useCart.getState();
    // Above the stock or the limit the store says how many may be had.
    await setQuantity(item.productId, quantity);
    // Saved: the cart now holds the new value. Refused: the old value comes back.
    setDraft(null);
  };

  const commit = () => {
    if (draft === null) return;
    const quantity = parseQuantity(draft);
    if (quantity === null) {
      toast.error(MESSAGES.invalidQuantity, { id: 'invalid-quantity' });
      setDraft(null);
      return;
    }
    if (quantity === item.quantity) {
      setDraft(null);
      return;
    }
    void save(quantity);
  };

  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === 'Enter') {
      event.preventDefault();
      commit();
    } else if (event.key === 'Escape') {
      setDraft(null);
    }
  };

  return (
    <div className={styles.stepper}>
      <button
        type="button"
        className={styles.stepButton}
        aria-label={`Decrease quantity of ${item.name}`}
        disabled={busy || item.quantity <= 1}
        onClick={() => void save(item.quantity - 1)}
      >
        −
      </button>
      <label htmlFor={inputId} className="visually-hidden">
        Quantity of {item.name}
      </label>
      <input
        id={inputId}
        className={styles.quantityInput}
        type="number"
        inputMode="numeric"
        min={1}
        max={max}
        step={1}
        value={draft ?? String(item.quantity)}
        disabled={busy}
        aria-describedby={describedBy}
        onChange={(event) => setDraft(event.target.value)}
        onBlur={commit}
        onKeyDown={onKeyDown}
      />
      <button
        type="button"
        className={styles.stepButton}
        aria-label={`Increase quantity of ${item.name}`}
        disabled={busy || item.quantity >= max}
        onClick={() => void save(item.quantity + 1)}
      >
        +
      </button>
    </div>
  );
}

function TrashIcon() {
  return <Stroke d="M3 6h18M8 6V4h8v2M19 6l-1 14H6L5 6M10 11v6M14 11v6" size={18} />;
}
