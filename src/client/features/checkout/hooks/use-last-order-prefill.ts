import { useQuery } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { myOrdersQuery } from '@/client/lib/queries/my-orders';
import { type CheckoutForm, useCheckout } from '@/client/stores/checkout';
import type { Order } from '@/shared/types';

/** The fields a customer's newest order can fill. */
const FROM_ORDER = ['phone', 'region', 'city', 'address', 'gpsAddress', 'landmark'] as const;
const sameTown = (a: string, b: string) => a.trim().toLowerCase() === b.trim().toLowerCase();

/**
 * What the newest order gives the form: its phone, and its address (region, city, street, GPS
 * address, landmark) unless the shopper has already typed another city (an address elsewhere would
 * not go with it).
 */
export function prefillFromOrder(order: Order, form: CheckoutForm): Partial<CheckoutForm> {
  const fields: Partial<CheckoutForm> = { phone: order.phone };
  if (form.city.trim() !== '' && !sameTown(form.city, order.city)) return fields;
  return {
    ...fields,
    region: order.region ?? '',
    city: order.city,
    address: order.address,
    gpsAddress: order.gpsAddress ?? '',
    landmark: order.landmark ?? '',
  };
}

/**
 * A signed-in customer's checkout fills its empty phone and address fields from their newest order,
 * once per visit and only the empty ones: what the shopper typed (or the store kept) wins. Asked for
 * only when something is empty; a failure changes nothing.
 */
export function useLastOrderPrefill(signedIn: boolean): void {
  const [wanted] = useState(() => FROM_ORDER.some((f) => useCheckout.getState().form[f] === ''));
  const orders = useQuery({ ...myOrdersQuery(), enabled: signedIn && wanted, staleTime: 5 * 60_000 });
  const done = useRef(false);
  const newest = orders.data?.[0];
  useEffect(() => {
    if (!newest || done.current) return;
    done.current = true;
    const checkout = useCheckout.getState();
    checkout.prefill(prefillFromOrder(newest, checkout.form));
  }, [newest]);
}
