import { useQuery } from '@tanstack/react-query';
import { useEffect, useMemo, useRef } from 'react';
import { useForm } from 'react-hook-form';
import { shopSettingsQuery } from '@/client/lib/queries/settings';
import { detectMomoNetwork } from '@/shared/momo';
import type { EnteredOrderInput } from '@/shared/schemas/orders';
import type { Product } from '@/shared/types';
import { EMPTY_ENTERED_VALUES, type EnteredOrderContext, type EnteredOrderValues, enteredOrderResolver, mostOf, totalsOf } from '../lib/entered-order';
import { useCatalogue } from './use-catalogue';
import { useFieldFocus } from './use-field-focus';

/** The applied promo code and its percent. */
export interface AppliedPromo {
  code: string;
  percent: number;
}

/**
 * The entered order's form: its fields, its lines at the catalogue's latest price and stock, the
 * shop's delivery options and the totals, the changes to the lines, and the focus a refusal moves.
 * A field's error goes as soon as it is typed in (the form is checked again on the next submit);
 * the wallet follows the customer's phone until the admin types another.
 */
export function useEnteredOrderForm(promo: AppliedPromo | null) {
  const { products } = useCatalogue();
  const settingsQuery = useQuery(shopSettingsQuery());
  const settings = settingsQuery.data ?? null;
  // Settings kept from before delivery options existed have no `delivery`: no options.
  const options = settings ? (settings.delivery ?? []) : null;
  const { formRef, focusField } = useFieldFocus();
  // The resolver's context, given its latest lines and totals on every render (react-hook-form reads it as it is then).
  const context = useRef<EnteredOrderContext>({ lines: [], promoCode: null, totals: totalsOf([], null, null, EMPTY_ENTERED_VALUES) });

  const form = useForm<EnteredOrderValues, EnteredOrderContext, EnteredOrderInput>({
    defaultValues: EMPTY_ENTERED_VALUES,
    resolver: enteredOrderResolver,
    context: context.current,
    reValidateMode: 'onSubmit',
    shouldFocusError: false,
  });
  const { watch, setValue, getValues, clearErrors, getFieldState } = form;
  const picked = watch('lines');
  const region = watch('region');
  const city = watch('city');
  const deliveryOptionId = watch('deliveryOptionId');

  // The lines with the catalogue's latest price and stock.
  const lines = useMemo(() => {
    const byId = new Map(products.map((p) => [p._id, p]));
    return picked.map((line) => ({ ...line, product: byId.get(line.product._id) ?? line.product }));
  }, [picked, products]);
  const totals = totalsOf(lines, promo?.percent ?? null, options, { region, city, deliveryOptionId });
  Object.assign(context.current, { lines, promoCode: promo?.code ?? null, totals });

  useEffect(() => {
    const subscription = watch((values, { name, type }) => {
      if (type !== 'change' || !name) return;
      clearErrors(name);
      if (name === 'phone' && !getFieldState('momoPhone').isDirty) followPhone(values.phone ?? '');
      if (name === 'momoPhone') setValue('momoNetwork', detectMomoNetwork(values.momoPhone ?? '') ?? getValues('momoNetwork'));
    });
    const followPhone = (phone: string) => {
      setValue('momoPhone', phone);
      setValue('momoNetwork', detectMomoNetwork(phone) ?? getValues('momoNetwork'));
    };
    return () => subscription.unsubscribe();
  }, [watch, clearErrors, getFieldState, setValue, getValues]);

  const setLines = (change: (now: EnteredOrderValues['lines']) => EnteredOrderValues['lines']) => {
    setValue('lines', change(getValues('lines')));
    clearErrors('lines');
  };
  const addProduct = (product: Product) =>
    setLines((now) => {
      const line = now.find((l) => l.product._id === product._id);
      if (!line) return [...now, { product, quantity: Math.min(1, mostOf(product)) }];
      return now.map((l) => (l === line ? { ...l, quantity: Math.min(l.quantity + 1, mostOf(product)) } : l));
    });
  const setQuantity = (productId: string, quantity: number) => setLines((now) => now.map((l) => (l.product._id === productId ? { ...l, quantity } : l)));
  const removeLine = (productId: string) => {
    setLines((now) => now.filter((l) => l.product._id !== productId));
    // The Remove button is gone: the search takes the focus.
    focusField('lines');
  };

  return {
    form,
    formRef,
    focusField,
    lines,
    totals,
    deliveryLoading: settingsQuery.isPending,
    mobileMoney: settings?.payments?.mobileMoney === true,
    lineActions: { onAdd: addProduct, onQuantity: setQuantity, onRemove: removeLine },
  };
}
