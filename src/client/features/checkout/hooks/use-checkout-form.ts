import { useRef, useState } from 'react';
import * as z from 'zod/mini';
import { type CheckoutForm, useCheckout, type Wallet } from '@/client/stores/checkout';
import { DELIVERY_TEXTS, type GhanaRegion, GPS_ADDRESS, normalizeGpsAddress } from '@/shared/delivery';
import { MESSAGES } from '@/shared/messages';
import { MOMO_NETWORK_CODES } from '@/shared/momo';
import { gpsAddressField, regionField } from '@/shared/schemas/delivery';
import { checkoutFormShape, momoNumber } from '@/shared/schemas/orders';
import type { DeliveryState } from '../lib/delivery';

/** The billing fields in the order the form shows them: the first invalid one gets the focus. */
const BILLING_FIELDS = ['fullName', 'email', 'phone', 'region', 'city', 'address', 'gpsAddress', 'landmark'] as const;
/** Then the delivery option, then the Mobile Money wallet's, when Mobile Money is chosen. */
const FORM_FIELDS = [...BILLING_FIELDS, 'deliveryOptionId', 'momoPhone', 'momoNetwork'] as const;
type FormField = (typeof FORM_FIELDS)[number];
/** The fields a TextField shows (the region is a select, the option a radio group). */
type TextFieldName = Exclude<(typeof BILLING_FIELDS)[number], 'region'>;

/** The wallet to charge (the same rules the server checks on the charge). */
const walletSchema = z.object({
  momoPhone: momoNumber,
  momoNetwork: z.enum(MOMO_NETWORK_CODES, { error: MESSAGES.momoNetworkRequired }),
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

type FieldErrors = Partial<Record<FormField, string>>;
type Issue = { path: readonly PropertyKey[]; message: string };
type FocusTarget = HTMLInputElement | HTMLSelectElement | null;

/** Zod issues (or the server's `errors`) as one message per field: the first one wins. */
function fieldErrors(issues: readonly Issue[]): FieldErrors {
  const errors: FieldErrors = {};
  for (const issue of issues) {
    const field = issue.path[0];
    if (typeof field === 'string' && (FORM_FIELDS as readonly string[]).includes(field) && !errors[field as FormField]) {
      errors[field as FormField] = issue.message;
    }
  }
  return errors;
}

/** What the form checks beyond the shared schema: the rules that depend on the shop's delivery options. */
function deliveryIssues(form: CheckoutForm, delivery: DeliveryState): Issue[] {
  const issues: Issue[] = [];
  if (delivery.regionRequired && form.region === '') issues.push({ path: ['region'], message: DELIVERY_TEXTS.regionRequired });
  if (delivery.addressRequired && form.address.trim() === '') issues.push({ path: ['address'], message: MESSAGES.addressRequired });
  if (delivery.status === 'choose') issues.push({ path: ['deliveryOptionId'], message: DELIVERY_TEXTS.optionRequired });
  return issues;
}

/**
 * The billing form: its values live in the persisted checkout store (a reload keeps them), its
 * errors here. An edit clears that field's error; a refused submit focuses the first invalid field.
 */
export function useCheckoutForm() {
  const form = useCheckout((s) => s.form);
  const [errors, setErrors] = useState<FieldErrors>({});
  const inputs = useRef<Partial<Record<FormField, FocusTarget>>>({});
  // A field to focus once it is on screen, and which of its elements (a radio's value): a delivery
  // option's radios change when a refused order brings the shop's options. An edit forgets it.
  const pendingFocus = useRef<{ field: FormField; value?: string } | null>(null);

  /** The focus target of `field`: kept, and focused if it is the one waited for. */
  const register = (field: FormField) => (el: FocusTarget) => {
    inputs.current[field] = el;
    const pending = pendingFocus.current;
    if (el && pending?.field === field && (pending.value === undefined || el.value === pending.value)) {
      pendingFocus.current = null;
      el.focus();
    }
  };

  /**
   * Marks the fields named in `issues` and focuses the first: now, or once it is on screen (with
   * `focusValue`: once the element with that value is, e.g. the first of the delivery options to come).
   * True when any field was named.
   */
  const showErrors = (issues: readonly Issue[], focusValue?: string): boolean => {
    const found = fieldErrors(issues);
    setErrors(found);
    const first = FORM_FIELDS.find((f) => found[f] !== undefined);
    if (first) {
      const input = inputs.current[first];
      if (input && (focusValue === undefined || input.value === focusValue)) {
        pendingFocus.current = null;
        input.focus();
      } else pendingFocus.current = { field: first, value: focusValue };
    }
    return first !== undefined;
  };

  /**
   * The values as the schemas clean them (trimmed, phone without spaces, the GPS address in its
   * written form), with the delivery option and its fee as shown, and the wallet when Mobile Money is
   * chosen and offered; or undefined with the errors shown. The region goes only where the form shows
   * it (not in a shop without delivery options); the GPS address and landmark always.
   */
  const validate = (options: { mobileMoney: boolean; delivery: DeliveryState }): { values: BillingValues; wallet: Wallet | null } | undefined => {
    const { delivery } = options;
    const current = useCheckout.getState().form;
    const addressExtras = delivery.status !== 'none';
    const parsed = billingSchema.safeParse({
      ...current,
      region: addressExtras && current.region !== '' ? current.region : undefined,
    });
    const wantsWallet = options.mobileMoney && current.paymentMethod === 'Mobile Money';
    const wallet = wantsWallet ? walletSchema.safeParse(current) : undefined;
    const extra = deliveryIssues(current, delivery);
    const issues = [...(parsed.success ? [] : parsed.error.issues), ...extra, ...(wallet && !wallet.success ? wallet.error.issues : [])];
    if (!parsed.success || extra.length > 0 || (wallet && !wallet.success)) {
      showErrors(issues);
      return undefined;
    }
    setErrors({});
    const { chosen, fee } = delivery;
    const values: BillingValues = { ...parsed.data, ...(chosen && fee !== null ? { deliveryOptionId: chosen._id, deliveryFee: fee } : {}) };
    return { values, wallet: wallet?.success ? { phone: wallet.data.momoPhone, network: wallet.data.momoNetwork } : null };
  };

  const setField = <K extends keyof CheckoutForm>(field: K, value: CheckoutForm[K]) => {
    useCheckout.getState().setField(field, value);
    pendingFocus.current = null;
    if (errors[field as FormField]) setErrors((e) => ({ ...e, [field]: undefined }));
  };

  /** What ties a TextField to its value, its error and the focus. */
  const fieldProps = (field: TextFieldName) => ({
    id: `checkout-${field}`,
    name: field,
    value: form[field],
    onChange: (value: string) => setField(field, value),
    error: errors[field],
    inputRef: register(field),
  });

  /** The region select's value, error and focus target. */
  const regionProps = {
    value: form.region,
    onChange: (value: GhanaRegion | '') => setField('region', value),
    error: errors.region,
    selectRef: register('region'),
  };

  /** Leaving the GPS field: the address in its written form (`ga1838164` → `GA-183-8164`), or why it is not one. */
  const normalizeGps = () => {
    const typed = useCheckout.getState().form.gpsAddress;
    if (typed.trim() === '') return;
    const normalized = normalizeGpsAddress(typed);
    if (normalized !== typed) useCheckout.getState().setField('gpsAddress', normalized);
    setErrors((e) => ({ ...e, gpsAddress: GPS_ADDRESS.test(normalized) ? undefined : DELIVERY_TEXTS.gpsInvalid }));
  };

  /** The delivery options' choice, error and focus target (the first radio). */
  const optionProps = {
    value: form.deliveryOptionId,
    onChange: (id: string) => setField('deliveryOptionId', id),
    error: errors.deliveryOptionId,
    firstRef: register('deliveryOptionId'),
  };

  /** The wallet fields' errors and focus targets. */
  const walletProps = {
    errors: { phone: errors.momoPhone, network: errors.momoNetwork },
    phoneRef: register('momoPhone'),
    networkRef: register('momoNetwork'),
  };

  return { form, setField, fieldProps, regionProps, normalizeGps, optionProps, walletProps, validate, showErrors };
}

export type CheckoutFormApi = ReturnType<typeof useCheckoutForm>;
