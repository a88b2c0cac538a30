import { zodResolver } from '@hookform/resolvers/zod';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { useEffect, useRef, useState } from 'react';
import { useForm } from 'react-hook-form';
import { Busy } from '@/client/components/busy';
import { button } from '@/client/components/button';
import { FormTextField } from '@/client/components/form-text-field';
import { container, pageStack } from '@/client/components/primitives.css';
import { usePageTitle } from '@/client/lib/head';
import { ApiFailure } from '@/client/lib/http';
import { usePageLive } from '@/client/lib/page-context';
import { SHOP_TEXTS } from '@/client/lib/texts';
import { useEditClearsError } from '@/client/lib/use-edit-clears-error';
import { useLookedUpOrders } from '@/client/stores/looked-up-orders';
import { type OrderLookupInput, orderLookupSchema } from '@/shared/schemas/auth';
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

/** The server's field errors of a refusal, one per field. */
function serverErrors(failure: ApiFailure): Errors {
  const found: Errors = {};
  for (const issue of failure.errors ?? []) {
    const field = issue.path[0];
    if (field === 'orderNumber' || field === 'contact') found[field] ??= issue.message;
  }
  return found;
}

function LookupForm({ onFound }: { onFound(order: Order): void }) {
  usePageTitle(ORDERS_TEXTS.findOrder);
  const queryClient = useQueryClient();
  const remember = useLookedUpOrders((s) => s.remember);
  const form = useForm<Record<Field, string>, unknown, OrderLookupInput>({
    resolver: zodResolver(orderLookupSchema),
    defaultValues: { orderNumber: '', contact: '' },
    // A field's error goes as soon as it is edited (below), and comes back only with a submit.
    reValidateMode: 'onSubmit',
  });
  const [message, setMessage] = useState<string | null>(null);
  useEditClearsError(form);

  const find = useMutation({
    // As the schema reads them: NK-… in capitals, the e-mail in lower case or the phone as +233….
    mutationFn: (data: OrderLookupInput) => lookupOrder({ orderNumber: data.orderNumber, contact: data.contact.address }),
    onSuccess: (answer) => {
      // /orders (and /o/{code}) read it by its link: kept on this device, and in the cache already.
      remember(answer.order._id, answer.link);
      queryClient.setQueryData(orderByLinkQuery(answer.link).queryKey, answer.order);
      onFound(answer.order);
    },
    onError: (error) => {
      const failure = error instanceof ApiFailure ? error : new ApiFailure(ORDERS_TEXTS.lookupFailed, 0);
      const found = serverErrors(failure);
      for (const field of FIELDS) if (found[field]) form.setError(field, { type: 'server', message: found[field] });
      setMessage(failure.message);
      const first = FIELDS.find((f) => found[f]);
      if (first) form.setFocus(first);
    },
  });

  const onSubmit = form.handleSubmit(
    (data) => {
      setMessage(null);
      if (!find.isPending) find.mutate(data);
    },
    (errors) => setMessage(FIELDS.map((f) => errors[f]?.message).find(Boolean) ?? ORDERS_TEXTS.lookupFailed),
  );

  const field = (name: Field) => ({ control: form.control, name, id: `order-lookup-${name}`, summary: { id: SUMMARY_ID, message } });
  const busy = find.isPending;
  // A tap before React runs the server's page would submit the form the browser's way (a reload).
  const live = usePageLive();

  return (
    <section className={styles.card} aria-labelledby="order-lookup-title">
      <h1 id="order-lookup-title" className={list.title}>
        {ORDERS_TEXTS.findOrder}
      </h1>
      <p className={styles.lead}>Enter the order number from your SMS or email, and the phone number or email you gave when you ordered.</p>
      <form className={styles.form} onSubmit={(event) => void onSubmit(event)} noValidate aria-describedby={message ? SUMMARY_ID : undefined}>
        {message && (
          <p id={SUMMARY_ID} role="alert" className={styles.alert}>
            {message}
          </p>
        )}
        <FormTextField label="Order number" autoComplete="off" hint="Such as NK-7K3M9P." {...field('orderNumber')} />
        <FormTextField label="Phone or email used for the order" autoComplete="tel" {...field('contact')} />
        <button type="submit" className={button({ tone: 'primary', block: true })} disabled={busy || !live} data-starting={live ? undefined : true}>
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
