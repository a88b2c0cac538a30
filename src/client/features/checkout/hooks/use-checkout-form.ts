import { useRef, useState } from 'react';
import * as z from 'zod/mini';
import { type CheckoutForm, useCheckout, type Wallet } from '@/client/stores/checkout';
import { MESSAGES } from '@/shared/messages';
import { MOMO_NETWORK_CODES } from '@/shared/momo';
import { checkoutFormShape, momoNumber } from '@/shared/schemas/orders';

/** The billing fields in the order the form shows them: the first invalid one gets the focus. */
const BILLING_FIELDS = ['fullName', 'email', 'phone', 'city', 'address'] as const;
/** Then the Mobile Money wallet's, when Mobile Money is chosen. */
const WALLET_FIELDS = ['momoPhone', 'momoNetwork'] as const;
const FORM_FIELDS = [...BILLING_FIELDS, ...WALLET_FIELDS] as const;
type BillingField = (typeof FORM_FIELDS)[number];

/** The wallet to charge (the same rules the server checks on the charge). */
const walletSchema = z.object({
  momoPhone: momoNumber,
  momoNetwork: z.enum(MOMO_NETWORK_CODES, { error: MESSAGES.momoNetworkRequired }),
});

/** The shared rules and texts of spec section 5 (the server checks the same). */
const billingSchema = z.object({
  fullName: checkoutFormShape.fullName,
  email: checkoutFormShape.email,
  phone: checkoutFormShape.phone,
  city: checkoutFormShape.city,
  address: checkoutFormShape.address,
  paymentMethod: checkoutFormShape.paymentMethod,
});
export type BillingValues = z.infer<typeof billingSchema>;

type FieldErrors = Partial<Record<BillingField, string>>;
type Issue = { path: readonly PropertyKey[]; message: string };

/** Zod issues (or the server's `errors`) as one message per billing field: the first one wins. */
function fieldErrors(issues: readonly Issue[]): FieldErrors {
  const errors: FieldErrors = {};
  for (const issue of issues) {
    const field = issue.path[0];
    if (typeof field === 'string' && (FORM_FIELDS as readonly string[]).includes(field) && !errors[field as BillingField]) {
      errors[field as BillingField] = issue.message;
    }
  }
  return errors;
}

/**
 * The billing form: its values live in the persisted checkout store (a reload keeps them), its
 * errors here. An edit clears that field's error; a refused submit focuses the first invalid field.
 */
export function useCheckoutForm() {
  const form = useCheckout((s) => s.form);
  const [errors, setErrors] = useState<FieldErrors>({});
  const inputs = useRef<Partial<Record<BillingField, HTMLInputElement | HTMLSelectElement | null>>>({});

  /** Marks the fields named in `issues`; true when any was. */
  const showErrors = (issues: readonly Issue[]): boolean => {
    const found = fieldErrors(issues);
    setErrors(found);
    const first = FORM_FIELDS.find((f) => found[f] !== undefined);
    if (first) inputs.current[first]?.focus();
    return first !== undefined;
  };

  /**
   * The values as the schema cleans them (trimmed, phone without spaces), with the wallet when
   * Mobile Money is chosen and offered; or undefined with the errors shown.
   */
  const validate = (options: { mobileMoney: boolean }): { values: BillingValues; wallet: Wallet | null } | undefined => {
    const current = useCheckout.getState().form;
    const parsed = billingSchema.safeParse(current);
    const wantsWallet = options.mobileMoney && current.paymentMethod === 'Mobile Money';
    const wallet = wantsWallet ? walletSchema.safeParse(current) : undefined;
    const issues = [...(parsed.success ? [] : parsed.error.issues), ...(wallet && !wallet.success ? wallet.error.issues : [])];
    if (!parsed.success || (wallet && !wallet.success)) {
      showErrors(issues);
      return undefined;
    }
    setErrors({});
    return { values: parsed.data, wallet: wallet?.success ? { phone: wallet.data.momoPhone, network: wallet.data.momoNetwork } : null };
  };

  const setField = <K extends keyof CheckoutForm>(field: K, value: CheckoutForm[K]) => {
    useCheckout.getState().setField(field, value);
    if (errors[field as BillingField]) setErrors((e) => ({ ...e, [field]: undefined }));
  };

  /** What ties a TextField to its value, its error and the focus. */
  const fieldProps = (field: (typeof BILLING_FIELDS)[number]) => ({
    id: `checkout-${field}`,
    name: field,
    value: form[field],
    onChange: (value: string) => setField(field, value),
    error: errors[field],
    inputRef: (el: HTMLInputElement | null) => {
      inputs.current[field] = el;
    },
  });

  /** The wallet fields' errors and focus targets. */
  const walletProps = {
    errors: { phone: errors.momoPhone, network: errors.momoNetwork },
    phoneRef: (el: HTMLInputElement | null) => {
      inputs.current.momoPhone = el;
    },
    networkRef: (el: HTMLSelectElement | null) => {
      inputs.current.momoNetwork = el;
    },
  };

  return { form, setField, fieldProps, walletProps, validate, showErrors };
}

export type CheckoutFormApi = ReturnType<typeof useCheckoutForm>;
