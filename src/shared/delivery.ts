import { toCedis, toPesewas } from './money';

/**
 * Delivery options: the admin's list of ways an order reaches the shopper, each with the
 * regions (and optionally cities) it covers, a fee, an optional free-from threshold and whether the
 * fee is paid with the order or to the rider. The checkout and the server pick and price an option
 * with the same functions, so the summary a shopper sees is the total the server charges.
 */

/** Ghana's 16 regions (2019), in alphabetical order as the address form lists them. */
export const GHANA_REGIONS = [
  'Ahafo',
  'Ashanti',
  'Bono',
  'Bono East',
  'Central',
  'Eastern',
  'Greater Accra',
  'North East',
  'Northern',
  'Oti',
  'Savannah',
  'Upper East',
  'Upper West',
  'Volta',
  'Western',
  'Western North',
] as const;
export type GhanaRegion = (typeof GHANA_REGIONS)[number];

/** `order`: the fee is in the order's total (a Mobile Money charge includes it); `rider`: paid on delivery. */
export const DELIVERY_FEE_PAID_WITH = ['order', 'rider'] as const;
export type DeliveryFeePaidWith = (typeof DELIVERY_FEE_PAID_WITH)[number];

/** One option as shoppers and the admin see it; money in cedis. */
export interface DeliveryOption {
  _id: string;
  name: string;
  /** The regions it covers; empty: every region (a pickup, a nationwide courier). */
  regions: GhanaRegion[];
  /** Only these towns within those regions; empty: every town. Compared without case or spaces at the ends. */
  cities: string[];
  fee: number;
  /** Free when the goods total after the discount is at least this; null: never free. */
  freeFrom: number | null;
  /** e.g. '1-2 days'; '' when not said. */
  eta: string;
  feePaidWith: DeliveryFeePaidWith;
  /** Collected at the shop: the order needs a phone but no street address. */
  pickup: boolean;
  /** Off: not offered at the checkout; past orders keep their snapshot. */
  active: boolean;
}

/** What an order keeps of its option when placed: later edits never change it. */
export interface OrderDelivery {
  optionId: string;
  name: string;
  /** What the delivery costs this order after the free-from rule, in cedis. */
  fee: number;
  feePaidWith: DeliveryFeePaidWith;
  eta: string;
  pickup: boolean;
}

/**
 * The delivery part of a refused order (409): the shop's options changed since the checkout showed
 * them. `fee` is what the chosen option costs now (null when it is gone or no longer fits), `options`
 * the active options now. The shopper confirms before anything is placed.
 */
export interface DeliveryChange {
  fee: number | null;
  options: DeliveryOption[];
}

const townKey = (city: string) => city.trim().replace(/\s+/g, ' ').toLowerCase();

/** Whether an option serves this region and town. */
export function fitsAddress(option: Pick<DeliveryOption, 'regions' | 'cities'>, region: string | undefined, city: string | undefined): boolean {
  if (option.regions.length > 0 && !(region && (option.regions as string[]).includes(region))) return false;
  if (option.cities.length === 0) return true;
  const town = townKey(city ?? '');
  return town !== '' && option.cities.some((c) => townKey(c) === town);
}

/** The active options that fit the address, in the admin's order. */
export function deliveryChoices<O extends Pick<DeliveryOption, 'regions' | 'cities' | 'active'>>(
  options: readonly O[],
  region: string | undefined,
  city: string | undefined,
): O[] {
  return options.filter((o) => o.active && fitsAddress(o, region, city));
}

/**
 * Where an order form's delivery stands (the checkout's and the admin's):
 * - `unknown`: the shop's options are not known (settings not loaded; offline with no copy): the spec's behaviour;
 * - `none`: the shop has no options: the spec's form and note;
 * - `locate`: options exist, the region or town is still missing;
 * - `noneFits`: none serves the address: the order is still taken ("We will call you about delivery.");
 * - `choose`: some serve it, none chosen yet; `chosen`: one is.
 */
export type DeliveryStatus = 'unknown' | 'none' | 'locate' | 'noneFits' | 'choose' | 'chosen';

export interface DeliveryPick {
  status: DeliveryStatus;
  /** The options that serve the region and town. */
  choices: DeliveryOption[];
  chosen: DeliveryOption | null;
  /** What the chosen option costs this order (the free-from rule applied), in cedis; null with none chosen. */
  fee: number | null;
  /** The part of the fee in the order's total, in cedis (0 for a rider's fee or none). */
  prepaid: number;
}

/** The delivery of an order form: the shop's options (null: unknown), the address typed, the option picked, and the goods after the discount (cedis). */
export function pickDelivery(options: DeliveryOption[] | null, form: { region: string; city: string; deliveryOptionId: string }, goods: number): DeliveryPick {
  const located = form.region !== '' && form.city.trim() !== '';
  const choices = options && located ? deliveryChoices(options, form.region, form.city) : [];
  const chosen = choices.find((o) => o._id === form.deliveryOptionId) ?? null;
  const fee = chosen ? deliveryFeeFor(chosen, goods) : null;
  let status: DeliveryStatus;
  if (options === null) status = 'unknown';
  else if (options.length === 0) status = 'none';
  else if (!located) status = 'locate';
  else if (choices.length === 0) status = 'noneFits';
  else status = chosen ? 'chosen' : 'choose';
  return { status, choices, chosen, fee, prepaid: chosen?.feePaidWith === 'order' && fee !== null ? fee : 0 };
}

/** The fee in pesewas for goods worth `goodsPesewas` after the discount: 0 from the free-from threshold on. */
export function deliveryFeePesewas(option: Pick<DeliveryOption, 'fee' | 'freeFrom'>, goodsPesewas: number): number {
  if (option.freeFrom !== null && goodsPesewas >= toPesewas(option.freeFrom)) return 0;
  return toPesewas(option.fee);
}

/** The same in cedis, for a client that holds cedis. */
export function deliveryFeeFor(option: Pick<DeliveryOption, 'fee' | 'freeFrom'>, goodsCedis: number): number {
  return toCedis(deliveryFeePesewas(option, toPesewas(goodsCedis)));
}

/** `GA-183-8164`: the GhanaPost GPS digital address form. */
export const GPS_ADDRESS = /^[A-Z]{2}-\d{3,4}-\d{4}$/;

/**
 * A GhanaPost GPS address as typed (`ga1838164`, `GA 183 8164`, `ga-183-8164`) in its written form:
 * upper case, spaces and dashes dropped, then the dashes put back after the two letters and before the
 * last four digits. Not valid (`GPS_ADDRESS`) when it is not two letters and 7 or 8 digits.
 */
export function normalizeGpsAddress(typed: string): string {
  const compact = typed.toUpperCase().replace(/[\s-]/g, '');
  const match = /^([A-Z]{2})(\d{3,4})(\d{4})$/.exec(compact);
  return match ? `${match[1]}-${match[2]}-${match[3]}` : compact;
}

/** A map search for the address (no resolving service is called: the rider's map app does it). */
export function gpsMapLink(gpsAddress: string): string {
  return `https://www.google.com/maps/search/?api=1&query=${encodeURIComponent(gpsAddress)}`;
}

/** The texts of delivery, shared by the checkout, the order pages and the server's refusals. */
export const DELIVERY_TEXTS = {
  /** Options are defined but none serves the address: the order is still taken. */
  noOptionFits: 'We will call you about delivery.',
  paidToRider: (fee: string) => `Delivery ${fee}, paid to the rider`,
  free: 'Free',
  regionRequired: 'Please choose your region.',
  optionRequired: 'Please choose a delivery option.',
  gpsInvalid: 'Enter a GhanaPost GPS address like GA-183-8164, or leave it empty.',
  /** 409: the chosen option was turned off, removed or no longer serves the address. */
  optionGone: 'That delivery option is no longer available. Please choose another.',
  /** 409: the fee differs from what the checkout showed. */
  feeChanged: (fee: string) => `The delivery fee is now ${fee}. Please confirm before we place your order.`,
} as const;
