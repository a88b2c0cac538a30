import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useNavigate } from '@tanstack/react-router';
import { useRef } from 'react';
import type { FieldErrors, UseFormReturn } from 'react-hook-form';
import type { ApiFailure } from '@/client/lib/http';
import { shopSettingsQuery } from '@/client/lib/queries/settings';
import { catalogueChanged } from '@/client/lib/query-client';
import { toast } from '@/client/lib/toast';
import type { EnteredOrderInput } from '@/shared/schemas/orders';
import { enterOrder } from '../api/enter-order';
import { orderChanged } from '../api/order-changed';
import { toastPaymentLink } from '../components/payment-link-toast';
import {
  attemptOf,
  ENTERED_FIELDS,
  type EnteredErrors,
  type EnteredField,
  type EnteredLine,
  type EnteredOrderContext,
  type EnteredOrderValues,
  type EnteredTotals,
  errorsOf,
  firstInvalid,
  newAttemptKey,
} from '../lib/entered-order';
import { ENTER_ORDER_TEXTS as T } from '../texts';

const ENTER_ORDER_KEY = ['enterOrder'] as const;

interface EnterOrderOptions {
  form: UseFormReturn<EnteredOrderValues, EnteredOrderContext, EnteredOrderInput>;
  lines: readonly EnteredLine[];
  totals: EnteredTotals;
  focusField(field: EnteredField): void;
  /** The server refused the promo code: it comes off the order. */
  dropPromo(): void;
}

/** The page's message for a refused order: what the server said; a changed delivery asks to confirm again. */
export const alertOf = (failure: ApiFailure | null): string | null =>
  failure === null ? null : failure.status === 409 && failure.delivery ? `${failure.message} ${T.deliveryChanged}` : failure.message;

/**
 * Sending the entered order: once per attempt under one Idempotency-Key (the same key for a retry of
 * the same order, a new one once it is recorded or the lines, payment or delivery change). Recorded:
 * the order page, with the message (and the payment link to copy). Refused: the fields the server
 * named, the delivery as it is now, the stock as it is now.
 */
export function useEnterOrder({ form, lines, totals, focusField, dropPromo }: EnterOrderOptions) {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const attempt = useRef<{ key: string; of: string } | null>(null);

  const showErrors = (errors: EnteredErrors) => {
    for (const [field, message] of Object.entries(errors) as [EnteredField, string][]) form.setError(field, { type: 'server', message });
    const first = firstInvalid(errors);
    if (first) focusField(first);
  };

  /** The shop's delivery changed since the page showed it: shown as it is now; the admin confirms again, as a new attempt. */
  const deliveryChanged = (failure: ApiFailure) => {
    const change = failure.delivery;
    if (!change) return;
    const key = shopSettingsQuery().queryKey;
    queryClient.setQueryData(key, (s) => (s ? { ...s, delivery: change.options } : s));
    if (!queryClient.getQueryData(key)) void queryClient.invalidateQueries({ queryKey: key });
    attempt.current = null;
    if (change.fee === null) {
      form.setValue('deliveryOptionId', '');
      showErrors({ deliveryOptionId: failure.message });
    }
  };

  const entering = useMutation({
    mutationKey: ENTER_ORDER_KEY,
    mutationFn: ({ input, key }: { input: EnteredOrderInput; key: string }) => enterOrder(input, key),
    onError: (failure) => {
      toast.error(failure.message);
      if (failure.status === 409 && failure.delivery) return deliveryChanged(failure);
      if (failure.errors) {
        showErrors(errorsOf(failure.errors));
        if (failure.errors.some((e) => e.path[0] === 'promoCode')) dropPromo();
      }
      // Stock ran short meanwhile: the lines show what is left.
      if (failure.status === 409) void catalogueChanged(queryClient);
    },
    onSuccess: (answer) => {
      attempt.current = null;
      orderChanged(queryClient, answer.order, { customerProfile: false });
      void catalogueChanged(queryClient);
      if (answer.paymentLink) toastPaymentLink(answer.message, answer.paymentLink);
      else toast.success(answer.message);
      void navigate({ to: '/admin/orders/$id', params: { id: answer.order._id } });
    },
  });

  const send = async (input: EnteredOrderInput) => {
    // A second tap before the page shows it is sending sends nothing.
    if (queryClient.isMutating({ mutationKey: ENTER_ORDER_KEY }) > 0) return;
    // One key per attempt: kept for a retry of the same order, new when what it orders changes.
    const of = attemptOf(lines, form.getValues(), totals);
    if (attempt.current?.of !== of) attempt.current = { key: newAttemptKey(), of };
    await entering.mutateAsync({ input, key: attempt.current.key }).catch(() => undefined);
  };

  const refused = (errors: FieldErrors<EnteredOrderValues>) => {
    entering.reset();
    const first = ENTERED_FIELDS.find((field) => errors[field]);
    if (first) focusField(first);
  };

  return {
    /** What the form's submit does with the order its resolver read, and with a refusal. */
    send,
    refused,
    sending: form.formState.isSubmitting || entering.isPending,
    alert: alertOf(entering.error),
  };
}
