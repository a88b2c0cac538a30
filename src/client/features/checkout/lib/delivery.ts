import type { CheckoutForm } from '@/client/stores/checkout';
import { DELIVERY_TEXTS, type DeliveryOption, type DeliveryStatus, deliveryFeeFor, pickDelivery } from '@/shared/delivery';
import { formatCedis, toCedis, toPesewas } from '@/shared/money';

/** The checkout's own words about delivery (the shared ones are in DELIVERY_TEXTS). */
export const CHECKOUT_DELIVERY_TEXTS = {
  legend: 'Delivery',
  gpsLabel: 'GhanaPost GPS address (optional)',
  gpsHint: 'e.g. GA-183-8164, from the GhanaPost GPS app.',
  findOnMap: 'Find on map',
  landmarkLabel: 'Landmark / directions (optional)',
  landmarkHint: 'e.g. Behind the Shell filling station, blue gate.',
  addressForPickup: 'Address (not needed for pickup)',
  locateFirst: 'Choose your region and enter your city to see the delivery options.',
  loading: 'Loading delivery options…',
  pickup: 'Collect at the shop: no address needed.',
  paidToRider: 'Paid to the rider',
  notChosen: 'Not chosen yet',
} as const;

export type { DeliveryStatus } from '@/shared/delivery';

export interface DeliveryState {
  status: DeliveryStatus;
  /** The shop's active options, in the admin's order; null while unknown. */
  options: DeliveryOption[] | null;
  /** The options that serve the region and city. */
  choices: DeliveryOption[];
  chosen: DeliveryOption | null;
  /** What the chosen option costs this order (the free-from rule applied), in cedis; null with none chosen. */
  fee: number | null;
  /** The goods after the promo discount, in cedis: what a free-from threshold looks at. */
  goods: number;
  /** The order's total: the goods plus the fee when it is paid with the order (never a rider's fee). */
  total: number;
  /** Whether the street address is needed (not for a pickup). */
  addressRequired: boolean;
  /** Whether the region is needed (only where the shop has options). */
  regionRequired: boolean;
}

/** The delivery of this checkout from the shop's options (null: unknown), the form and the goods after the discount. */
export function deliveryState(
  options: DeliveryOption[] | null,
  form: Pick<CheckoutForm, 'region' | 'city' | 'deliveryOptionId'>,
  goods: number,
): DeliveryState {
  const { status, choices, chosen, fee, prepaid } = pickDelivery(options, form, goods);
  return {
    status,
    options,
    choices,
    chosen,
    fee,
    goods,
    total: toCedis(toPesewas(goods) + toPesewas(prepaid)),
    addressRequired: !chosen?.pickup,
    regionRequired: options !== null && options.length > 0,
  };
}

/** How far the goods are from free delivery: what to add, and the option that would then be free. */
export interface FreeDeliveryGap {
  /** In cedis, counted in pesewas. */
  amount: number;
  option: DeliveryOption;
  /** The shopper chose this option (else it is the nearest free one among those that may serve them). */
  chosen: boolean;
}

/**
 * What the goods (after the discount) lack for an option's free delivery: the chosen option's, or
 * before one is chosen, the nearest among those serving the address (or, with no address yet, among
 * all the shop's options). Null when no option would become free (none has a free-from amount, the
 * goods already reach it, or the shop's options are not in play).
 */
export function freeDeliveryGap(delivery: Pick<DeliveryState, 'status' | 'options' | 'choices' | 'chosen' | 'goods'>): FreeDeliveryGap | null {
  const { status, options, choices, chosen, goods } = delivery;
  let candidates: DeliveryOption[] = [];
  if (chosen) candidates = [chosen];
  else if (status === 'choose') candidates = choices;
  else if (status === 'locate') candidates = (options ?? []).filter((o) => o.active);
  let nearest: FreeDeliveryGap | null = null;
  for (const option of candidates) {
    if (option.freeFrom === null || deliveryFeeFor(option, goods) === 0) continue;
    const amount = toCedis(toPesewas(option.freeFrom) - toPesewas(goods));
    if (!nearest || amount < nearest.amount) nearest = { amount, option, chosen: option === chosen };
  }
  return nearest;
}

/** An option's fee for these goods as a shopper reads it: `₵15.00`, or `Free`. */
export const feeText = (fee: number): string => (fee === 0 ? DELIVERY_TEXTS.free : formatCedis(fee));

/** What an option offers besides its fee, for its radio's description: who is paid, the time, a pickup. */
export function optionFacts(option: DeliveryOption, goods: number): string {
  const riderPaid = option.feePaidWith === 'rider' && deliveryFeeFor(option, goods) > 0;
  return [riderPaid ? CHECKOUT_DELIVERY_TEXTS.paidToRider : '', option.eta, option.pickup ? CHECKOUT_DELIVERY_TEXTS.pickup : ''].filter(Boolean).join(' · ');
}
