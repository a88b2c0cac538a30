import { useQueryClient } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { type FormEvent, useEffect, useRef, useState } from 'react';
import { Busy } from '@/client/components/busy';
import { button } from '@/client/components/button.css';
import { container, pageStack } from '@/client/components/primitives.css';
import { TextField } from '@/client/components/text-field';
import { usePageTitle } from '@/client/lib/head';
import { ApiFailure } from '@/client/lib/http';
import { SHOP_TEXTS } from '@/client/lib/texts';
import { useLookedUpOrders } from '@/client/stores/looked-up-orders';
import { orderLookupSchema } from '@/shared/schemas/auth';
import type { Order } from '@/shared/types';
import { orderByLinkQuery } from '../api/get-order-by-link';
import { lookupOrder } from '../api/lookup-order';
import { ORDERS_TEXTS } from '../texts';
import * as detail from './order-detail.css';
import { OrderDetails } from './order-detail-page';
import * as styles from './order-lookup.css';
import * as list from './orders.css';

const FIELDS = ['orderNumber', 'contact'] as const;
type Field = (typeof FIELDS)[number];
type Errors = Partial<Record<Field, string>>;

const SUMMARY_ID = 'order-lookup-message';

/**
 * /orders/lookup: an order found by its number and the phone or e-mail it was placed with (POST
 * /api/lookupOrder), for a shopper with no account or on another phone. The order shows read-only,
 * as its message's link shows it, and this device keeps its link so /orders lists it again. A wrong
 * number and a wrong contact get the same answer from the server: nothing tells which was wrong.
 */
export function OrderLookupPage() {
  const [found, setFound] = useState<Order | null>(null);
  return (
    <div className={`${container} ${pageStack}`}>{found ? <FoundOrder order={found} onAgain={() => setFound(null)} /> : <LookupForm onFound={setFound} />}</div>
  );
}

function LookupForm({ onFound }: { onFound(order: Order): void }) {
  usePageTitle(ORDERS_TEXTS.findOrder);
  const queryClient = useQueryClient();
  const remember = useLookedUpOrders((s) => s.remember);
  const [values, setValues] = useState<Record<Field, string>>({ orderNumber: '', contact: '' });
  const [errors, setErrors] = useState<Errors>({});
  const [message, setMessage] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const refs = useRef<Partial<Record<Field, HTMLInputElement | null>>>({});

  const fail = (found: Errors, summary: string) => {
    setErrors(found);
    setMessage(summary);
    setBusy(false);
    const first = FIELDS.find((f) => found[f]);
    if (first) refs.current[first]?.focus();
  };

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (busy) return;
    const parsed = orderLookupSchema.safeParse(values);
    if (!parsed.success) {
      const found: Errors = {};
      for (const issue of parsed.error.issues) {
        const field = issue.path[0];
        if (field === 'orderNumber' || field === 'contact') found[field] ??= issue.message;
      }
      fail(found, FIELDS.map((f) => found[f]).find(Boolean) ?? ORDERS_TEXTS.lookupFailed);
      return;
    }
    setErrors({});
    setMessage(null);
    setBusy(true);
    try {
      // As the schema reads them: NK-… in capitals, the e-mail in lower case or the phone as +233….
      const answer = await lookupOrder({ orderNumber: parsed.data.orderNumber, contact: parsed.data.contact.address });
      // /orders (and /o/{code}) read it by its link: kept on this device, and in the cache already.
      remember(answer.order._id, answer.link);
      queryClient.setQueryData(orderByLinkQuery(answer.link).queryKey, answer.order);
      onFound(answer.order);
    } catch (error) {
      const failure = error instanceof ApiFailure ? error : new ApiFailure(ORDERS_TEXTS.lookupFailed, 0);
      const found: Errors = {};
      for (const issue of failure.errors ?? []) {
        const field = issue.path[0];
        if (field === 'orderNumber' || field === 'contact') found[field] ??= issue.message;
      }
      fail(found, failure.message);
    }
  };

  const field = (name: Field) => ({
    name,
    id: `order-lookup-${name}`,
    value: values[name],
    onChange: (value: string) => {
      setValues((v) => ({ ...v, [name]: value }));
      if (errors[name]) setErrors((e) => ({ ...e, [name]: undefined }));
    },
    // The form's message says what is wrong; the field is marked and points at it.
    error: errors[name] && errors[name] !== message ? errors[name] : undefined,
    invalid: Boolean(errors[name]),
    describedBy: message && errors[name] ? [SUMMARY_ID] : [],
    inputRef: (el: HTMLInputElement | null) => {
      refs.current[name] = el;
    },
  });

  return (
    <section className={styles.card} aria-labelledby="order-lookup-title">
      <h1 id="order-lookup-title" className={list.title}>
        {ORDERS_TEXTS.findOrder}
      </h1>
      <p className={styles.lead}>Enter the order number from your SMS or email, and the phone number or email you gave when you ordered.</p>
      <form className={styles.form} onSubmit={onSubmit} noValidate aria-describedby={message ? SUMMARY_ID : undefined}>
        {message && (
          <p id={SUMMARY_ID} role="alert" className={styles.alert}>
            {message}
          </p>
        )}
        <TextField label="Order number" autoComplete="off" hint="Such as NK-7K3M9P." {...field('orderNumber')} />
        <TextField label="Phone or email used for the order" autoComplete="tel" {...field('contact')} />
        <button type="submit" className={button({ tone: 'primary', block: true })} disabled={busy}>
          {busy && <Busy />}
          {busy ? 'Finding…' : 'Find order'}
        </button>
      </form>
    </section>
  );
}

/** The order found, read-only (no cancel, no payment: whoever found it may not be its shopper), under the news that it is kept. */
function FoundOrder({ order, onAgain }: { order: Order; onAgain(): void }) {
  const headingRef = useRef<HTMLHeadingElement>(null);
  // The form is gone: focus goes to what took its place, so a screen reader reads the outcome.
  useEffect(() => {
    headingRef.current?.focus();
  }, []);
  return (
    <>
      <section className={detail.confirmation} aria-labelledby="order-found-title">
        <h2 id="order-found-title" ref={headingRef} tabIndex={-1} className={styles.foundTitle}>
          Order {order.orderNumber} found
        </h2>
        <p className={detail.confirmationText}>It is saved on this device: {SHOP_TEXTS.myOrders} lists it with the orders you looked up.</p>
        <div className={styles.actions}>
          <Link to="/orders" className={button({ tone: 'primary' })}>
            {SHOP_TEXTS.myOrders}
          </Link>
          <button type="button" className={button({ tone: 'quiet' })} onClick={onAgain}>
            Find another order
          </button>
        </div>
      </section>
      <OrderDetails order={order} viaLink />
    </>
  );
}
