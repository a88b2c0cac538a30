import { Link } from '@tanstack/react-router';
import { button } from '@/client/components/button.css';
import { Price } from '@/client/components/price';
import { useOnline } from '@/client/lib/use-online';
import type { QueuedOrder } from '@/client/stores/outbox';
import { flushOutbox } from '@/client/stores/sync';
import { MESSAGES } from '@/shared/messages';
import * as styles from '../checkout-page.css';
import { cartTotals, lineTotal } from '../lib/cart-lines';
import { CheckoutNotice } from './checkout-notice';
import * as panel from './queued-order-panel.css';

/**
 * A Cash-on-Delivery order made without a connection: it waits on this phone (the outbox) and is
 * sent when the network returns; the page then shows the confirmation. 'Send now' tries at once.
 */
export function QueuedOrderPanel({ order }: { order: QueuedOrder }) {
  const online = useOnline();
  const { subtotal } = cartTotals(order.items, null);
  return (
    <CheckoutNotice id="checkout-queued-title" icon="waiting" title={MESSAGES.orderQueuedTitle}>
      <p className={styles.noticeText}>{MESSAGES.orderQueuedBody}</p>
      <ul className={panel.lines} aria-label="Items in this order">
        {order.items.map((item) => (
          <li key={item.productId} className={panel.line}>
            <span>
              {item.name} × {item.quantity}
            </span>
            <Price value={lineTotal(item)} />
          </li>
        ))}
        <li className={`${panel.line} ${panel.total}`}>
          <span>Items total{order.details.promoCode ? ` (before ${order.details.promoCode})` : ''}</span>
          <Price value={subtotal} />
        </li>
      </ul>
      <p role="status" className={panel.state}>
        {online ? 'Sending your order…' : 'Waiting for a connection…'}
      </p>
      <div className={panel.actions}>
        {online ? (
          <button type="button" className={button({ tone: 'primary' })} onClick={() => void flushOutbox()}>
            Send now
          </button>
        ) : null}
        <Link to="/products" className={button({ tone: 'quiet' })}>
          Keep shopping
        </Link>
      </div>
    </CheckoutNotice>
  );
}
