import { zodResolver } from '@hookform/resolvers/zod';
import { useEffect, useRef } from 'react';
import { useForm } from 'react-hook-form';
import toast from 'react-hot-toast';
import * as z from 'zod/mini';
import { Busy } from '@/client/components/busy';
import { button } from '@/client/components/button.css';
import { validatePromo } from '@/client/lib/api/validate-promo';
import { useCheckout } from '@/client/stores/checkout';
import { MESSAGES } from '@/shared/messages';
import { requiredText } from '@/shared/schemas/fields';
import { asFailure } from '../lib/failure';
import { PROMO_TOAST_MS } from '../lib/timing';
import * as styles from './order-summary.css';

/** A code as typed (trimmed): the server says whether it is one; a blank one is not. */
const promoFormSchema = z.object({ promoCode: requiredText(MESSAGES.invalidPromo, 40) });

const notACode = () => toast.error(MESSAGES.invalidPromo, { duration: PROMO_TOAST_MS });

/** Asks the server about `code`: applied (true), or said not to be one, or not checked. */
async function applyCode(code: string, subtotal: number): Promise<boolean> {
  try {
    const answer = await validatePromo(code, subtotal);
    if (answer.valid) {
      useCheckout.getState().setPromo({ code: answer.code, percent: answer.percent });
      toast.success(MESSAGES.promoApplied(answer.percent), { duration: PROMO_TOAST_MS });
      return true;
    }
    useCheckout.getState().setPromo(null);
    notACode();
  } catch (error) {
    const failure = asFailure(error, MESSAGES.promoCheckFailed);
    // The server refuses a malformed code with 400: to the shopper it is simply not a valid code.
    if (failure.status === 400) {
      useCheckout.getState().setPromo(null);
      notACode();
    } else toast.error(failure.message);
  }
  return false;
}

/**
 * 'Promo code' with Apply: the server says whether the code is good (SAVE10: 10 % off); the applied
 * code is kept with the checkout and sent with the order, which the server prices again.
 */
export function PromoBox({ subtotal }: { subtotal: number }) {
  const promo = useCheckout((s) => s.promo);
  const { register, handleSubmit, reset, formState } = useForm({
    defaultValues: { promoCode: '' },
    resolver: zodResolver(promoFormSchema),
    // A refused code is said by a toast; the field keeps the focus it has.
    shouldFocusError: false,
  });
  const checking = formState.isSubmitting;
  // Applying swaps the input for the Remove button and back: the focus follows instead of getting lost.
  const remove = useRef<HTMLButtonElement>(null);
  const moveFocus = useRef(false);
  const { ref: inputRef, ...input } = register('promoCode');
  const inputEl = useRef<HTMLInputElement | null>(null);
  useEffect(() => {
    if (!moveFocus.current) return;
    moveFocus.current = false;
    (promo ? remove.current : inputEl.current)?.focus();
  }, [promo]);

  const apply = handleSubmit(async ({ promoCode }) => {
    moveFocus.current = true;
    if (await applyCode(promoCode, subtotal)) reset();
    else moveFocus.current = false;
  }, notACode);

  if (promo) {
    return (
      <div className={styles.promo}>
        <p className={styles.promoApplied}>
          <span>{MESSAGES.promoAppliedTo(promo.code, promo.percent)}</span>
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
    <form className={styles.promo} onSubmit={(event) => (checking ? event.preventDefault() : void apply(event))} noValidate>
      <label htmlFor="checkout-promo" className={styles.promoLabel}>
        Promo code
      </label>
      <div className={styles.promoRow}>
        {/* The input beside its button, in capitals as codes are written: not the labelled field above its hint. */}
        <input
          {...input}
          ref={(el) => {
            inputRef(el);
            inputEl.current = el;
          }}
          id="checkout-promo"
          autoComplete="off"
          autoCapitalize="characters"
          spellCheck={false}
        />
        <button type="submit" className={button({ tone: 'quiet' })} disabled={checking}>
          {checking && <Busy />}
          Apply
        </button>
      </div>
    </form>
  );
}
