import { useMutation } from '@tanstack/react-query';
import { useState } from 'react';
import type { UseFormReturn } from 'react-hook-form';
import { validatePromo } from '@/client/lib/api/validate-promo';
import { toast } from '@/client/lib/toast';
import { PAGE_MESSAGES } from '@/shared/page-messages';
import type { EnteredOrderInput } from '@/shared/schemas/orders';
import type { EnteredField, EnteredOrderContext, EnteredOrderValues } from '../lib/entered-order';
import type { AppliedPromo } from './use-entered-order-form';

/**
 * The promo code of the entered order: the typed code checked against the subtotal (as the checkout
 * does), applied with its percent, or refused under its field. The applied code can be taken off.
 */
export function usePromoCheck() {
  const [promo, setPromo] = useState<AppliedPromo | null>(null);

  const checking = useMutation({
    mutationFn: ({ code, subtotal }: { code: string; subtotal: number }) => validatePromo(code, subtotal),
  });

  const apply = (
    form: UseFormReturn<EnteredOrderValues, EnteredOrderContext, EnteredOrderInput>,
    subtotal: number,
    focusField: (field: EnteredField) => void,
  ) => {
    if (checking.isPending) return;
    const refuse = (message: string) => {
      form.setError('promoCode', { type: 'server', message });
      focusField('promoCode');
    };
    const code = form.getValues('promoCode').trim();
    if (!code) return refuse(PAGE_MESSAGES.invalidPromo);
    checking.mutate(
      { code, subtotal },
      {
        onSuccess: (answer) => {
          if (!answer.valid) {
            setPromo(null);
            return refuse(PAGE_MESSAGES.invalidPromo);
          }
          setPromo({ code: answer.code, percent: answer.percent });
          form.setValue('promoCode', '');
          form.clearErrors('promoCode');
          toast.success(PAGE_MESSAGES.promoApplied(answer.percent));
        },
        onError: (failure) => refuse(failure.status === 400 ? PAGE_MESSAGES.invalidPromo : failure.message),
      },
    );
  };

  return { promo, drop: () => setPromo(null), apply, checking: checking.isPending };
}
