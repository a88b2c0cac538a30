import { useRef, useState } from 'react';
import * as z from 'zod/mini';
import { checkoutFormShape } from '../../../../shared/schemas/orders';
import { type CheckoutForm, useCheckout } from '../../../stores/checkout';

/** The billing fields in the order the form shows them: the first invalid one gets the focus. */
export const BILLING_FIELDS = ['fullName', 'email', 'phone', 'city', 'address'] as const;
export type BillingField = (typeof BILLING_FIELDS)[number];

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
    if (typeof field === 'string' && (BILLING_FIELDS as readonly string[]).includes(field) && !errors[field as BillingField]) {
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
  const inputs = useRef<Partial<Record<BillingField, HTMLInputElement | null>>>({});

  /** Marks the fields named in `issues`; true when any was. */
  const showErrors = (issues: readonly Issue[]): boolean => {
    const found = fieldErrors(issues);
    setErrors(found);
    const first = BILLING_FIELDS.find((f) => found[f] !== undefined);
    if (first) inputs.current[first]?.focus();
    return first !== undefined;
  };

  /** The values as the schema cleans them (trimmed, phone without spaces), or undefined with the errors shown. */
  const validate = (): BillingValues | undefined => {
    const parsed = billingSchema.safeParse(useCheckout.getState().form);
    if (!parsed.success) {
      showErrors(parsed.error.issues);
      return undefined;
    }
    setErrors({});
    return parsed.data;
  };

  const setField = <K extends keyof CheckoutForm>(field: K, value: CheckoutForm[K]) => {
    useCheckout.getState().setField(field, value);
    if (errors[field as BillingField]) setErrors((e) => ({ ...e, [field]: undefined }));
  };

  /** What ties a TextField to its value, its error and the focus. */
  const fieldProps = (field: BillingField) => ({
    id: `checkout-${field}`,
    name: field,
    value: form[field],
    onChange: (value: string) => setField(field, value),
    error: errors[field],
    inputRef: (el: HTMLInputElement | null) => {
      inputs.current[field] = el;
    },
  });

  return { form, setField, fieldProps, validate, showErrors };
}

export type CheckoutFormApi = ReturnType<typeof useCheckoutForm>;
