import { type BaseSyntheticEvent, useLayoutEffect, useRef } from 'react';
import { type SubmitHandler, type UseFormReturn, useController, useForm } from 'react-hook-form';
import { type CheckoutForm, useCheckout } from '@/client/stores/checkout';
import { DELIVERY_TEXTS, GPS_ADDRESS } from '@/shared/delivery';
import { detectMomoNetwork } from '@/shared/momo';
import {
  type CheckoutContext,
  checkoutResolver,
  FORM_FIELDS,
  type FormField,
  fieldErrors,
  type Issue,
  type PlacedValues,
  type TextFieldName,
} from '../lib/checkout-read';

type Form = UseFormReturn<CheckoutForm, CheckoutContext, PlacedValues>;
type FocusTarget = HTMLInputElement | HTMLSelectElement | null;
/** The fields whose element the form keeps itself (a select, a radio group's first radio): the text fields' are react-hook-form's. */
type KeptTarget = 'region' | 'deliveryOptionId' | 'momoNetwork';
const KEPT_TARGETS: readonly FormField[] = ['region', 'deliveryOptionId', 'momoNetwork'];
const isKept = (field: FormField): field is KeptTarget => KEPT_TARGETS.includes(field);

/**
 * The form's values and the persisted checkout store (a reload keeps them) stay one: an edit goes
 * to the store; what the store is given (the session's name, the last order's address, the
 * wallet's prefill, a refused order's option) goes to the fields. An edit also clears that field's
 * error, and a wallet number typed picks the network its prefix belongs to.
 */
function useKeptInStore({ watch, getValues, setValue, clearErrors }: Form, onEdit: () => void): void {
  const latest = useRef(onEdit);
  latest.current = onEdit;
  // Before the first paint, and before the page's own prefills: the fields never show empty first.
  useLayoutEffect(() => {
    const follow = (form: CheckoutForm) => {
      for (const [field, value] of Object.entries(form) as [keyof CheckoutForm, string][]) {
        if (getValues(field) !== value) setValue(field, value);
      }
    };
    follow(useCheckout.getState().form);
    const fromStore = useCheckout.subscribe((state, previous) => {
      if (state.form !== previous.form) follow(state.form);
    });
    const toStore = watch((values, { name, type }) => {
      const field = FORM_FIELDS.find((f) => f === name) ?? (name === 'paymentMethod' ? name : undefined);
      if (!field) return;
      const value = values[field];
      if (value !== undefined && useCheckout.getState().form[field] !== value) useCheckout.getState().setField(field, value);
      if (type !== 'change' || field === 'paymentMethod') return;
      clearErrors(field);
      latest.current();
      const network = field === 'momoPhone' ? detectMomoNetwork(values.momoPhone ?? '') : undefined;
      if (network) {
        setValue('momoNetwork', network);
        clearErrors('momoNetwork');
      }
    });
    return () => {
      fromStore();
      toStore.unsubscribe();
    };
  }, [watch, getValues, setValue, clearErrors]);
}

/**
 * The first invalid field gets the focus: now, or once it is on screen (with `value`: once the
 * element with that value is, e.g. the first of the delivery options a refused order brings).
 * An edit forgets a focus still waited for.
 */
function useFirstInvalidFocus(setFocus: Form['setFocus']) {
  const targets = useRef<Partial<Record<KeptTarget, FocusTarget>>>({});
  const pending = useRef<{ field: KeptTarget; value?: string } | null>(null);

  /** The focus target of `field`: kept, and focused if it is the one waited for. */
  const keep = (field: KeptTarget) => (el: FocusTarget) => {
    targets.current[field] = el;
    const waited = pending.current;
    if (el && waited?.field === field && (waited.value === undefined || el.value === waited.value)) {
      pending.current = null;
      el.focus();
    }
  };

  const focusFirst = (found: Partial<Record<FormField, string>>, value?: string): boolean => {
    const first = FORM_FIELDS.find((f) => found[f] !== undefined);
    if (!first) return false;
    if (!isKept(first)) {
      pending.current = null;
      setFocus(first);
      return true;
    }
    const target = targets.current[first];
    if (target && (value === undefined || target.value === value)) {
      pending.current = null;
      target.focus();
    } else pending.current = { field: first, value };
    return true;
  };

  const forget = () => {
    pending.current = null;
  };
  return { keep, focusFirst, forget };
}

/**
 * The billing form on react-hook-form, its rules the shared schemas' (checkoutResolver) with the
 * shop's delivery and Mobile Money as they are shown; its values kept in the persisted checkout
 * store. A refused submit focuses the first invalid field in the form's order.
 */
export function useCheckoutForm(context: CheckoutContext) {
  const form = useForm<CheckoutForm, CheckoutContext, PlacedValues>({
    defaultValues: useCheckout.getState().form,
    resolver: checkoutResolver,
    context,
    // A field's error goes as soon as it is edited, and comes back only with a submit.
    reValidateMode: 'onSubmit',
    shouldFocusError: false,
  });
  const { control, setError, clearErrors, setValue, getValues } = form;
  const focus = useFirstInvalidFocus(form.setFocus);
  useKeptInStore(form, focus.forget);
  const region = useController({ control, name: 'region' });
  const option = useController({ control, name: 'deliveryOptionId' });
  const network = useController({ control, name: 'momoNetwork' });

  /**
   * Marks the fields named in `issues` (the server's) and focuses the first: now, or once it is on
   * screen (with `focusValue`: once the element with that value is). True when any field was named.
   */
  const showErrors = (issues: readonly Issue[], focusValue?: string): boolean => {
    const found = fieldErrors(issues);
    clearErrors();
    for (const [field, message] of Object.entries(found)) setError(field as FormField, { type: 'server', message });
    return focus.focusFirst(found, focusValue);
  };

  /** The submit handler: the values as the rules read them go to `place`; refused ones focus the first invalid field. */
  const handleSubmit = (place: SubmitHandler<PlacedValues>) => (event?: BaseSyntheticEvent) =>
    form.handleSubmit(place, (errors) => {
      focus.focusFirst(Object.fromEntries(FORM_FIELDS.flatMap((f) => (errors[f]?.message ? [[f, errors[f].message]] : []))));
    })(event);

  /** What binds a FormTextField: the form, the field, its id. */
  const fieldProps = (field: TextFieldName) => ({ control, name: field, id: `checkout-${field}` });

  /** The region select's value, error and focus target. */
  const regionProps = {
    value: region.field.value,
    onChange: region.field.onChange,
    error: region.fieldState.error?.message,
    selectRef: focus.keep('region'),
  };

  /** Leaving the GPS field (in its written form by then): why it is not an address, or nothing. */
  const leaveGps = () => {
    const typed = getValues('gpsAddress');
    if (typed.trim() === '') return;
    if (GPS_ADDRESS.test(typed)) clearErrors('gpsAddress');
    else setError('gpsAddress', { type: 'validate', message: DELIVERY_TEXTS.gpsInvalid });
  };

  /** The delivery options' choice, error and focus target (the first radio). */
  const optionProps = {
    value: option.field.value,
    onChange: option.field.onChange,
    error: option.fieldState.error?.message,
    firstRef: focus.keep('deliveryOptionId'),
  };

  /** The wallet fields: the form, the network select's binding and focus target, and a sandbox number used. */
  const walletProps = {
    control,
    network: { value: network.field.value, onChange: network.field.onChange, error: network.fieldState.error?.message },
    networkRef: focus.keep('momoNetwork'),
    onUse: (number: string) => {
      setValue('momoPhone', number);
      clearErrors('momoPhone');
      const found = detectMomoNetwork(number);
      if (!found) return;
      setValue('momoNetwork', found);
      clearErrors('momoNetwork');
    },
  };

  return { control, handleSubmit, showErrors, fieldProps, regionProps, leaveGps, optionProps, walletProps, setValue };
}

export type CheckoutFormApi = ReturnType<typeof useCheckoutForm>;
