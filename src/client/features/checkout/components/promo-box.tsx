import { useMutation } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { useForm } from 'react-hook-form';
import { Busy } from '@/client/components/busy';
import { button } from '@/client/components/button';
import { validatePromo } from '@/client/lib/api/validate-promo';
import { toast } from '@/client/lib/toast';
import { useCheckout } from '@/client/stores/checkout';
import { PAGE_MESSAGES } from '@/shared/page-messages';
import { asFailure } from '../lib/failure';
import { PROMO_TOAST_MS } from '../lib/timing';
import * as styles from './order-summary.css';

/**
 * 'Promo code' with Apply: the server says whether the code is good (SAVE10: 10 % off); the applied
 * code is kept with the checkout and sent with the order, which the server prices again.
 */
export function PromoBox({ subtotal }: { subtotal: number }) {
  const promo = useCheckout((s) => s.promo);
  const { register, handleSubmit, reset } = useForm({ defaultValues: { promoCode: '' } });
  // Applying swaps the input for the Remove button and back: the focus follows instead of getting lost.
  const input = useRef<HTMLInputElement | null>(null);
  const remove = useRef<HTMLButtonElement>(null);
  const moveFocus = useRef(false);
  useEffect(() => {
    if (!moveFocus.current) return;
    moveFocus.current = false;
    (promo ? remove.current : input.current)?.focus();
  }, [promo]);

  const check = useMutation({
    mutationFn: (code: string) => validatePromo(code, subtotal),
    onSuccess: (answer) => {
      if (answer.valid) {
        moveFocus.current = true;
        useCheckout.getState().setPromo({ code: answer.code, percent: answer.percent });
        reset();
        toast.success(PAGE_MESSAGES.promoApplied(answer.percent), { duration: PROMO_TOAST_MS });
      } else {
        useCheckout.getState().setPromo(null);
        toast.error(PAGE_MESSAGES.invalidPromo, { duration: PROMO_TOAST_MS });
      }
    },
    onError: (error) => {
      const failure = asFailure(error, PAGE_MESSAGES.promoCheckFailed);
      // The server refuses a malformed code with 400: to the shopper it is simply not a valid code.
      if (failure.status === 400) {
        useCheckout.getState().setPromo(null);
        toast.error(PAGE_MESSAGES.invalidPromo, { duration: PROMO_TOAST_MS });
      } else {
        toast.error(failure.message);
      }
    },
  });

  const apply = handleSubmit(({ promoCode: code }) => {
    if (check.isPending) return;
    if (!code.trim()) {
      toast.error(PAGE_MESSAGES.invalidPromo, { duration: PROMO_TOAST_MS });
      return;
    }
    check.mutate(code.trim());
  });
  const { ref: codeRef, ...codeField } = register('promoCode');

  if (promo) {
    return (
      <div className={styles.promo}>
        <p className={styles.promoApplied}>
          <span>{PAGE_MESSAGES.promoAppliedTo(promo.code, promo.percent)}</span>
          <button
            ref={remove}
            type="button"
            className={button({ tone: 'quiet' })}
            onClick={() => {
              moveFocus.current = true;
              useCheckout.getState().setPromo(null);
            }}
          >
            Remove promo
          </button>
        </p>
      </div>
    );
  }

  return (
    <form className={styles.promo} onSubmit={apply} noValidate>
      <label htmlFor="checkout-promo" className={styles.promoLabel}>
        Promo code
      </label>
      <div className={styles.promoRow}>
        <input
          {...codeField}
          ref={(element) => {
            codeRef(element);
            input.current = element;
          }}
          id="checkout-promo"
          className={styles.promoInput}
          autoComplete="off"
          autoCapitalize="characters"
          spellCheck={false}
        />
        <button type="submit" className={button({ tone: 'quiet' })} disabled={check.isPending}>
          {check.isPending && <Busy />}
          Apply
        </button>
      </div>
    </form>
  );
}
