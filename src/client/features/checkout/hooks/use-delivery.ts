import { useQuery } from '@tanstack/react-query';
import { useEffect } from 'react';
import { shopSettingsQuery } from '@/client/lib/queries/settings';
import { useOnline } from '@/client/lib/use-online';
import { useCart } from '@/client/stores/cart';
import { useCheckout } from '@/client/stores/checkout';
import { cartTotals } from '../lib/cart-lines';
import { type DeliveryState, deliveryState } from '../lib/delivery';

/**
 * The checkout's delivery: the shop's options from the settings (unknown while they load,
 * or offline with no copy: the spec's behaviour then), the ones serving the address, the chosen one
 * and its fee on the goods after the discount, and the total with a prepaid fee. The form, the
 * summary and Place order all read this one result, so the fee shown is the fee sent.
 * A chosen option that no longer serves the address (the region or city changed, or the shop's
 * options did) is unselected.
 */
export function useDelivery(): DeliveryState & { loading: boolean } {
  const settings = useQuery(shopSettingsQuery());
  const online = useOnline();
  const items = useCart((s) => s.items);
  const promo = useCheckout((s) => s.promo);
  const region = useCheckout((s) => s.form.region);
  const city = useCheckout((s) => s.form.city);
  const deliveryOptionId = useCheckout((s) => s.form.deliveryOptionId);
  // A copy of the settings kept by an older version has no `delivery`: no options, as then.
  const options = settings.data ? (settings.data.delivery ?? []) : null;
  const { total: goods } = cartTotals(items, promo);
  const state = deliveryState(options, { region, city, deliveryOptionId }, goods);

  const gone = options !== null && deliveryOptionId !== '' && state.chosen === null;
  useEffect(() => {
    if (gone) useCheckout.getState().setField('deliveryOptionId', '');
  }, [gone]);

  // Offline with no copy: nothing to wait for (the spec's checkout), whatever the query is trying.
  return { ...state, loading: options === null && settings.isFetching && online };
}
