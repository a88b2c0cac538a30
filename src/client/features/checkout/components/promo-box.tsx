import { type FormEvent, useEffect, useRef, useState } from 'react';
import toast from 'react-hot-toast';
import { Busy } from '@/client/components/busy';
import { button } from '@/client/components/button.css';
import { validatePromo } from '@/client/lib/api/validate-promo';
import { useCheckout } from '@/client/stores/checkout';
import { MESSAGES } from '@/shared/messages';
import { asFailure } from '../lib/failure';
import { PROMO_TOAST_MS } from '../lib/timing';
import * as styles from './order-summary.css';

/**
 * 'Promo code' with Apply: the server says whether the code is good (SAVE10: 10 % off); the applied
 * code is kept with the checkout and sent with the order, which the server prices again.
 */
export function PromoBox({ subtotal }: { subtotal: number }) {
  const promo = useCheckout((s) => s.promo);
  const [code, setCode] = useState('');
  const [checking, setChecking] = useState(false);
  // Applying swaps the input for the Remove button and back: the focus follows instead of getting lost.
  const input = useRef<HTMLInputElement>(null);
  const remove = useRef<HTMLButtonElement>(null);
  const moveFocus = useRef(false);
  useEffect(() => {
    if (!moveFocus.current) return;
    moveFocus.current = false;
    (promo ? remove.current : input.current)?.focus();
  }, [promo]);

  const apply = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (checking) return;
    if (!code.trim()) {
      toast.error(MESSAGES.invalidPromo, { duration: PROMO_TOAST_MS });
      return;
    }
    setChecking(true);
    try {
      const answer = await validatePromo(code.trim(), subtotal);
      if (answer.valid) {
        moveFocus.current = true;
        useCheckout.getState().setPromo({ code: answer.code, percent: answer.percent });
        setCode('');
        toast.success(MESSAGES.promoApplied(answer.percent), { duration: PROMO_TOAST_MS });
      } else {
        useCheckout.getState().setPromo(null);
        toast.error(MESSAGES.invalidPromo, { duration: PROMO_TOAST_MS });
      }
    } catch (error) {
      const failure = asFailure(error, MESSAGES.promoCheckFailed);
      // The server refuses a malformed code with 400: to the shopper it is simply not a valid code.
      if (failure.status === 400) {
        useCheckout.getState().setPromo(null);
        toast.error(MESSAGES.invalidPromo, { duration: PROMO_TOAST_MS });
      } else {
        toast.error(failure.message);
      }
    } finally {
      setChecking(false);
    }
  };

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
    <form className={styles.promo} onSubmit={apply} noValidate>
      <label htmlFor="checkout-promo" className={styles.promoLabel}>
        Promo code
      </label>
      <div className={styles.promoRow}>
        <input
          ref={input}
          id="checkout-promo"
          name="promoCode"
          className={styles.promoInput}
          value={code}
          onChange={(event) => setCode(event.target.value)}
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
