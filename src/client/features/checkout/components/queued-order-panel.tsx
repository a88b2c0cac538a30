import { Link } from '@tanstack/react-router';
import { useState } from 'react';
import { button } from '@/client/components/button';
import { Price } from '@/client/components/price';
import { toast } from '@/client/lib/toast';
import { useOnline } from '@/client/lib/use-online';
import { useCart } from '@/client/stores/cart';
import { type AwaitingConfirmation, type QueuedOrder, useOutbox } from '@/client/stores/outbox';
import { flushOutbox } from '@/client/stores/sync';
import { DELIVERY_TEXTS, deliveryChoices, deliveryFeeFor } from '@/shared/delivery';
import { formatCedis } from '@/shared/money';
import { PAGE_MESSAGES } from '@/shared/page-messages';
import * as styles from '../checkout-page.css';
import { cartTotals, lineTotal } from '../lib/cart-lines';
import { CHECKOUT_DELIVERY_TEXTS, feeText } from '../lib/delivery';
import * as form from './checkout-form.css';
import { CheckoutNotice } from './checkout-notice';
import * as delivery from './delivery.css';
import { OptionRadio } from './delivery-options';
import * as panel from './queued-order-panel.css';

/** The words of a saved order the server sent back for the shopper's answer. */
export const AWAITING_TEXTS = {
  title: 'Your saved order needs your answer',
  /** A fee in the total says what the order now costs in all; one paid to the rider, what the rider takes. */
  placeAt: (fee: number, feePaidWith: 'order' | 'rider') =>
    feePaidWith === 'rider' ? `Place order (delivery ${formatCedis(fee)}, paid to the rider)` : `Place order with ${formatCedis(fee)} delivery`,
  placeWith: 'Place order with this delivery',
  placeWithout: 'Place order',
  cancel: 'Cancel order',
  cancelled: 'Order cancelled. Your items are back in your cart.',
} as const;

/**
 * A Cash-on-Delivery order made without a connection: it waits on this phone (the outbox) and is
 * sent when the network returns; the page then shows the confirmation. 'Send now' tries at once.
 * One the server refused because the shop's delivery changed meanwhile waits for the shopper instead.
 */
export function QueuedOrderPanel({ order }: { order: QueuedOrder }) {
  if (order.awaitingConfirmation) return <AwaitingPanel order={order} awaiting={order.awaitingConfirmation} />;
  return <SendingPanel order={order} />;
}

function SendingPanel({ order }: { order: QueuedOrder }) {
  const online = useOnline();
  return (
    <CheckoutNotice id="checkout-queued-title" icon="waiting" title={PAGE_MESSAGES.orderQueuedTitle}>
      <p className={styles.noticeText}>{PAGE_MESSAGES.orderQueuedBody}</p>
      <OrderLines order={order} />
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

/** The items, their total, and the delivery the order was saved with (not once the server has refused it: the choice is asked again). */
function OrderLines({ order }: { order: QueuedOrder }) {
  const { subtotal } = cartTotals(order.items, null);
  const shown = order.awaitingConfirmation ? undefined : order.delivery;
  return (
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
      {shown && (
        <li className={panel.line}>
          {shown.feePaidWith === 'rider' && shown.fee > 0 ? (
            <span>{DELIVERY_TEXTS.paidToRider(formatCedis(shown.fee))}</span>
          ) : (
            <>
              <span>
                {CHECKOUT_DELIVERY_TEXTS.legend}: {shown.name}
              </span>
              <span>{feeText(shown.fee)}</span>
            </>
          )}
        </li>
      )}
    </ul>
  );
}

/**
 * The server refused the saved order for its delivery (the fee changed, or the option went): the
 * server's words, then the shopper's choice. A new fee: 'Place order with ₵X delivery'. No fee (choose again):
 * the options serving the order's address, with their fees, and a confirm button (none serving it:
 * the order without an option, the shop calls). Either way the order is queued again under a new
 * key. Or 'Cancel order': dropped, a guest's items back in the cart (a customer's are still in
 * their server cart). Nothing is placed at a fee the shopper did not see.
 */
function AwaitingPanel({ order, awaiting }: { order: QueuedOrder; awaiting: AwaitingConfirmation }) {
  const [picked, setPicked] = useState('');
  const [error, setError] = useState<string | null>(null);
  const goods = order.goods ?? cartTotals(order.items, null).subtotal;
  const choices = awaiting.fee === null ? deliveryChoices(awaiting.options, order.details.region, order.details.city) : [];
  const errorId = 'checkout-awaiting-error';

  const send = () => void flushOutbox();
  const confirmFee = (fee: number) => {
    const option = awaiting.options.find((o) => o._id === order.details.deliveryOptionId);
    const name = option?.name ?? order.delivery?.name ?? CHECKOUT_DELIVERY_TEXTS.legend;
    const feePaidWith = option?.feePaidWith ?? order.delivery?.feePaidWith ?? 'order';
    useOutbox.getState().confirmDelivery(order.id, { optionId: order.details.deliveryOptionId ?? '', name, fee, feePaidWith });
    send();
  };
  const confirmChoice = () => {
    const option = choices.find((o) => o._id === picked);
    if (!option) {
      setError(DELIVERY_TEXTS.optionRequired);
      return;
    }
    useOutbox
      .getState()
      .confirmDelivery(order.id, { optionId: option._id, name: option.name, fee: deliveryFeeFor(option, goods), feePaidWith: option.feePaidWith });
    send();
  };
  const confirmWithout = () => {
    useOutbox.getState().confirmDelivery(order.id, null);
    send();
  };
  const cancel = () => {
    useOutbox.getState().remove(order.id);
    // A guest's lines come back into the cart; a customer's never left their server cart.
    if (order.userId === null) useCart.getState().restore(order.items);
    else void flushOutbox().then(() => useCart.getState().load());
    toast(AWAITING_TEXTS.cancelled, { id: `cancelled-${order.id}` });
  };
  const newFee = awaiting.fee;
  const feePaidWith = awaiting.options.find((o) => o._id === order.details.deliveryOptionId)?.feePaidWith ?? order.delivery?.feePaidWith ?? 'order';

  return (
    <CheckoutNotice id="checkout-queued-title" icon="waiting" title={AWAITING_TEXTS.title}>
      <p role="alert" className={panel.state}>
        {awaiting.message}
      </p>
      <OrderLines order={order} />
      {newFee !== null ? (
        <div className={panel.actions}>
          <button type="button" className={button({ tone: 'primary' })} onClick={() => confirmFee(newFee)}>
            {AWAITING_TEXTS.placeAt(newFee, feePaidWith)}
          </button>
          <CancelButton onCancel={cancel} />
        </div>
      ) : choices.length > 0 ? (
        <div className={panel.choose}>
          <fieldset className={form.fieldset} aria-describedby={error ? errorId : undefined}>
            <legend className={form.legend}>{CHECKOUT_DELIVERY_TEXTS.legend}</legend>
            <div className={delivery.options}>
              {choices.map((option) => (
                <OptionRadio
                  key={option._id}
                  name="queuedDeliveryOption"
                  option={option}
                  goods={goods}
                  checked={picked === option._id}
                  onChange={() => {
                    setPicked(option._id);
                    setError(null);
                  }}
                  describedBy={error ? errorId : undefined}
                />
              ))}
            </div>
            {error && (
              <p id={errorId} className={delivery.error}>
                {error}
              </p>
            )}
          </fieldset>
          <AwaitingActions place={AWAITING_TEXTS.placeWith} onPlace={confirmChoice} onCancel={cancel} />
        </div>
      ) : (
        <>
          <p className={styles.noticeText}>{DELIVERY_TEXTS.noOptionFits}</p>
          <AwaitingActions place={AWAITING_TEXTS.placeWithout} onPlace={confirmWithout} onCancel={cancel} />
        </>
      )}
    </CheckoutNotice>
  );
}

/** Place the order (as the button says), or cancel it. */
function AwaitingActions({ place, onPlace, onCancel }: { place: string; onPlace(): void; onCancel(): void }) {
  return (
    <div className={panel.actions}>
      <button type="button" className={button({ tone: 'primary' })} onClick={onPlace}>
        {place}
      </button>
      <CancelButton onCancel={onCancel} />
    </div>
  );
}

function CancelButton({ onCancel }: { onCancel(): void }) {
  return (
    <button type="button" className={button({ tone: 'danger' })} onClick={onCancel}>
      {AWAITING_TEXTS.cancel}
    </button>
  );
}
