import type { FieldErrors, Resolver } from 'react-hook-form';
import * as z from 'zod/mini';
import type { CheckoutForm, Wallet } from '@/client/stores/checkout';
import { DELIVERY_TEXTS } from '@/shared/delivery';
import { MOMO_NETWORK_CODES } from '@/shared/momo';
import { PAGE_MESSAGES } from '@/shared/page-messages';
import { gpsAddressField, regionField } from '@/shared/schemas/delivery';
import { checkoutFormShape, momoNumber } from '@/shared/schemas/orders';
import type { DeliveryState } from './delivery';

/** The billing fields in the order the form shows them: the first invalid one gets the focus. */
const BILLING_FIELDS = ['fullName', 'email', 'phone', 'region', 'city', 'address', 'gpsAddress', 'landmark'] as const;
/** Then the delivery option, then the Mobile Money wallet's, when Mobile Money is chosen. */
export const FORM_FIELDS = [...BILLING_FIELDS, 'deliveryOptionId', 'momoPhone', 'momoNetwork'] as const;
export type FormField = (typeof FORM_FIELDS)[number];
/** The fields a text input shows (the region is a select, the option a radio group). */
export type TextFieldName = Exclude<(typeof BILLING_FIELDS)[number], 'region'>;

/** The wallet to charge (the same rules the server checks on the charge). */
export const walletSchema = z.object({
  momoPhone: momoNumber,
  momoNetwork: z.enum(MOMO_NETWORK_CODES, { error: PAGE_MESSAGES.momoNetworkRequired }),
});

/** The shared rules and texts of spec section 5 and of delivery (the server checks the same). */
const billingSchema = z.object({
  fullName: checkoutFormShape.fullName,
  email: checkoutFormShape.email,
  phone: checkoutFormShape.phone,
  region: regionField,
  city: checkoutFormShape.city,
  address: checkoutFormShape.address,
  gpsAddress: gpsAddressField,
  landmark: checkoutFormShape.landmark,
  paymentMethod: checkoutFormShape.paymentMethod,
});

/** The order's details as the form cleans them, with the delivery option chosen and the fee shown. */
export type BillingValues = z.infer<typeof billingSchema> & { deliveryOptionId?: string; deliveryFee?: number };

/** What a valid form hands on: the order's details, and the wallet to charge (Mobile Money chosen and offered). */
export interface PlacedValues {
  values: BillingValues;
  wallet: Wallet | null;
}

/** What the rules depend on besides the fields: whether the shop takes Mobile Money, and its delivery as shown. */
export interface CheckoutContext {
  mobileMoney: boolean;
  delivery: DeliveryState;
}

export type Issue = { path: readonly PropertyKey[]; message: string };

/** Zod issues (or the server's `errors`) as one message per field: the first one wins. */
export function fieldErrors(issues: readonly Issue[]): Partial<Record<FormField, string>> {
  const errors: Partial<Record<FormField, string>> = {};
  for (const issue of issues) {
    const field = FORM_FIELDS.find((f) => f === issue.path[0]);
    if (field && !errors[field]) errors[field] = issue.message;
  }
  return errors;
}

/** What the form checks beyond the shared schema: the rules that depend on the shop's delivery options. */
function deliveryIssues(form: CheckoutForm, delivery: DeliveryState): Issue[] {
  const issues: Issue[] = [];
  if (delivery.regionRequired && form.region === '') issues.push({ path: ['region'], message: DELIVERY_TEXTS.regionRequired });
  if (delivery.addressRequired && form.address.trim() === '') issues.push({ path: ['address'], message: PAGE_MESSAGES.addressRequired });
  if (delivery.status === 'choose') issues.push({ path: ['deliveryOptionId'], message: DELIVERY_TEXTS.optionRequired });
  return issues;
}

/**
 * The values as the schemas clean them (trimmed, phone without spaces, the GPS address in its
 * written form), with the delivery option and its fee as shown, and the wallet when Mobile Money is
 * chosen and offered; or the issues. The region goes only where the form shows it (not in a shop
 * without delivery options); the GPS address and landmark always.
 */
export function readCheckout(
  current: CheckoutForm,
  { mobileMoney, delivery }: CheckoutContext,
): { ok: true; read: PlacedValues } | { ok: false; issues: Issue[] } {
  const addressExtras = delivery.status !== 'none';
  const parsed = billingSchema.safeParse({ ...current, region: addressExtras && current.region !== '' ? current.region : undefined });
  const wantsWallet = mobileMoney && current.paymentMethod === 'Mobile Money';
  const wallet = wantsWallet ? walletSchema.safeParse(current) : undefined;
  const extra = deliveryIssues(current, delivery);
  if (!parsed.success || extra.length > 0 || (wallet && !wallet.success)) {
    return { ok: false, issues: [...(parsed.success ? [] : parsed.error.issues), ...extra, ...(wallet && !wallet.success ? wallet.error.issues : [])] };
  }
  const { chosen, fee } = delivery;
  const values: BillingValues = { ...parsed.data, ...(chosen && fee !== null ? { deliveryOptionId: chosen._id, deliveryFee: fee } : {}) };
  return { ok: true, read: { values, wallet: wallet?.success ? { phone: wallet.data.momoPhone, network: wallet.data.momoNetwork } : null } };
}

/** The checkout's resolver: its rules, read with the context the form was last rendered with. */
export const checkoutResolver: Resolver<CheckoutForm, CheckoutContext, PlacedValues> = (values, context) => {
  if (!context) throw new Error('the checkout form reads its rules with its context');
  const result = readCheckout(values, context);
  if (result.ok) return { values: result.read, errors: {} };
  const errors: FieldErrors<CheckoutForm> = {};
  for (const [field, message] of Object.entries(fieldErrors(result.issues))) errors[field as FormField] = { type: 'validate', message };
  return { values: {}, errors };
};
