import type { FieldErrors, Resolver } from 'react-hook-form';
import { mostPerOrder } from '@/shared/constants';
import { DELIVERY_TEXTS, type DeliveryOption, type DeliveryStatus, type GhanaRegion, pickDelivery } from '@/shared/delivery';
import type { MomoNetwork } from '@/shared/momo';
import { discountFor, toCedis, toPesewas } from '@/shared/money';
import { PAGE_MESSAGES } from '@/shared/page-messages';
import { type EnteredOrderInput, type EnteredOrderPayment, type EnteredOrderStatus, enteredOrderSchema } from '@/shared/schemas/orders';
import type { Product } from '@/shared/types';
import { ENTER_ORDER_TEXTS } from '../texts';

/** One line of the order being recorded: the product as the catalogue has it, and how many. */
export interface EnteredLine {
  product: Product;
  quantity: number;
}

/** The form's fields as typed ('' while not given). */
export interface EnteredOrderForm {
  fullName: string;
  phone: string;
  email: string;
  region: GhanaRegion | '';
  city: string;
  address: string;
  gpsAddress: string;
  landmark: string;
  deliveryOptionId: string;
  payment: EnteredOrderPayment;
  momoPhone: string;
  momoNetwork: MomoNetwork | '';
  /** How a cash order starts (a Mobile Money one is Pending until paid). */
  orderStatus: EnteredOrderStatus;
}

export const EMPTY_ENTERED_FORM: EnteredOrderForm = {
  fullName: '',
  phone: '',
  email: '',
  region: '',
  city: '',
  address: '',
  gpsAddress: '',
  landmark: '',
  deliveryOptionId: '',
  payment: 'cash',
  momoPhone: '',
  momoNetwork: '',
  // The owner has just confirmed it with the customer on the phone.
  orderStatus: 'Processing',
};

/** What the form holds: the typed fields, the lines picked and the promo code being typed. */
export interface EnteredOrderValues extends EnteredOrderForm {
  lines: EnteredLine[];
  promoCode: string;
}

export const EMPTY_ENTERED_VALUES: EnteredOrderValues = { ...EMPTY_ENTERED_FORM, lines: [], promoCode: '' };

/** The fields in the order the page shows them: a refused submit focuses the first invalid one. */
export const ENTERED_FIELDS = [
  'lines',
  'fullName',
  'phone',
  'email',
  'region',
  'city',
  'address',
  'gpsAddress',
  'landmark',
  'deliveryOptionId',
  'promoCode',
  'payment',
  'momoPhone',
  'momoNetwork',
  'orderStatus',
] as const;
export type EnteredField = (typeof ENTERED_FIELDS)[number];

/** The product search's input name: a refused order without lines focuses it. */
export const PRODUCT_SEARCH_NAME = 'productSearch';
export type EnteredErrors = Partial<Record<EnteredField, string>>;

interface Issue {
  path: readonly PropertyKey[];
  message: string;
}

/** Issues (zod's or the server's `errors`) as one message per field, the first one winning; a line's issue is the lines'. */
export function errorsOf(issues: readonly Issue[]): EnteredErrors {
  const errors: EnteredErrors = {};
  for (const issue of issues) {
    const field = issue.path[0];
    if (typeof field === 'string' && (ENTERED_FIELDS as readonly string[]).includes(field) && !errors[field as EnteredField]) {
      errors[field as EnteredField] = issue.message;
    }
  }
  return errors;
}

/** The first field with an error, in the page's order. */
export const firstInvalid = (errors: EnteredErrors): EnteredField | undefined => ENTERED_FIELDS.find((field) => errors[field]);

/** The most of `product` one order may take: its stock, the shop's limit and its own. */
export const mostOf = (product: Product): number => mostPerOrder(product);

export const lineTotal = (line: EnteredLine): number => toCedis(toPesewas(line.product.price) * line.quantity);

/**
 * The delivery of the order being recorded, as the checkout works it out: the shop's options
 * (null while unknown), those serving the region and city, the chosen one and its fee on the goods
 * after the discount; the total has the fee only when it is paid with the order.
 */
export interface EnteredTotals {
  subtotal: number;
  discount: number;
  goods: number;
  /** `none`: the shop has no options; `locate`: region or city missing; `noneFits`: none serves the address. */
  delivery: DeliveryStatus;
  choices: DeliveryOption[];
  chosen: DeliveryOption | null;
  fee: number | null;
  total: number;
}

export function totalsOf(
  lines: readonly EnteredLine[],
  percent: number | null,
  options: DeliveryOption[] | null,
  form: Pick<EnteredOrderForm, 'region' | 'city' | 'deliveryOptionId'>,
): EnteredTotals {
  const subtotal = lines.reduce((sum, line) => sum + toPesewas(line.product.price) * line.quantity, 0);
  const discount = percent ? discountFor(subtotal, percent) : 0;
  const goods = toCedis(subtotal - discount);
  const { status: delivery, choices, chosen, fee, prepaid } = pickDelivery(options, form, goods);
  return {
    subtotal: toCedis(subtotal),
    discount: toCedis(discount),
    goods,
    delivery,
    choices,
    chosen,
    fee,
    total: toCedis(subtotal - discount + toPesewas(prepaid)),
  };
}

const given = (value: string): string | undefined => (value.trim() === '' ? undefined : value);

/** The request as the page would send it (before the shared schema cleans it). */
export function requestOf(lines: readonly EnteredLine[], form: EnteredOrderForm, promoCode: string | null, totals: EnteredTotals) {
  const wallet = form.payment === 'momo_prompt';
  return {
    fullName: form.fullName,
    phone: form.phone,
    email: given(form.email),
    region: form.region === '' ? undefined : form.region,
    city: form.city,
    address: given(form.address),
    gpsAddress: given(form.gpsAddress),
    landmark: given(form.landmark),
    deliveryOptionId: totals.chosen?._id,
    deliveryFee: totals.chosen ? (totals.fee ?? undefined) : undefined,
    promoCode: promoCode ?? undefined,
    payment: form.payment,
    momoPhone: wallet ? given(form.momoPhone) : undefined,
    momoNetwork: wallet && form.momoNetwork !== '' ? form.momoNetwork : undefined,
    orderStatus: form.payment === 'cash' ? form.orderStatus : undefined,
    lines: lines.map((line) => ({ productId: line.product._id, quantity: line.quantity })),
  };
}

/**
 * The form checked with the shared schema (the server checks the same), and the rules that depend on
 * the catalogue and the shop's delivery options: a line within its stock, the region where the shop
 * has options, an address unless the order is collected, an option where some serve the address.
 */
export function validateEntered(
  lines: readonly EnteredLine[],
  form: EnteredOrderForm,
  promoCode: string | null,
  totals: EnteredTotals,
): { ok: true; input: EnteredOrderInput } | { ok: false; errors: EnteredErrors } {
  const issues: Issue[] = [];
  if (lines.length === 0) issues.push({ path: ['lines'], message: PAGE_MESSAGES.cartEmpty });
  const over = lines.find((line) => line.quantity > mostOf(line.product));
  if (over) issues.push({ path: ['lines'], message: ENTER_ORDER_TEXTS.tooMany(over.product.name, mostOf(over.product)) });
  const parsed = enteredOrderSchema.safeParse(requestOf(lines, form, promoCode, totals));
  if (!parsed.success) issues.push(...parsed.error.issues);
  if (totals.delivery !== 'none' && totals.delivery !== 'unknown' && form.region === '')
    issues.push({ path: ['region'], message: DELIVERY_TEXTS.regionRequired });
  if (!totals.chosen?.pickup && form.address.trim() === '') issues.push({ path: ['address'], message: PAGE_MESSAGES.addressRequired });
  if (totals.delivery === 'choose') issues.push({ path: ['deliveryOptionId'], message: DELIVERY_TEXTS.optionRequired });
  if (form.payment === 'momo_prompt' && form.momoNetwork === '') issues.push({ path: ['momoNetwork'], message: PAGE_MESSAGES.momoNetworkRequired });
  const errors = errorsOf(issues);
  if (parsed.success && firstInvalid(errors) === undefined) return { ok: true, input: parsed.data };
  return { ok: false, errors };
}

/** What one idempotency key stands for: the lines, the payment, the delivery option and its fee. */
export function attemptOf(lines: readonly EnteredLine[], form: Pick<EnteredOrderForm, 'payment'>, totals: EnteredTotals): string {
  const cart = lines
    .map((line) => `${line.product._id}x${line.quantity}`)
    .sort()
    .join(',');
  return `${cart}|${form.payment}|${totals.chosen?._id ?? ''}|${totals.fee ?? ''}`;
}

/** 128 random bits as hex: one key per attempt to record an order. */
export function newAttemptKey(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  return `ad-${Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('')}`;
}

/** What the form's check needs beyond the fields: the lines at the catalogue's latest, the applied promo code and the totals. */
export interface EnteredOrderContext {
  lines: readonly EnteredLine[];
  promoCode: string | null;
  totals: EnteredTotals;
}

/**
 * The form's resolver: `validateEntered` (the shared schema and the rules that need the catalogue
 * and the delivery options), its errors one per field, its request the submitted value.
 */
export const enteredOrderResolver: Resolver<EnteredOrderValues, EnteredOrderContext, EnteredOrderInput> = (values, context) => {
  if (!context) throw new Error('The entered order is checked with its lines and totals as context.');
  const checked = validateEntered(context.lines, values, context.promoCode, context.totals);
  if (checked.ok) return { values: checked.input, errors: {} };
  return { values: {}, errors: fieldErrorsOf(checked.errors) };
};

/** The page's errors as react-hook-form keeps them. */
export function fieldErrorsOf(errors: EnteredErrors): FieldErrors<EnteredOrderValues> {
  const fieldErrors: FieldErrors<EnteredOrderValues> = {};
  for (const field of ENTERED_FIELDS) {
    const message = errors[field];
    if (message) fieldErrors[field] = { type: 'validate', message };
  }
  return fieldErrors;
}
