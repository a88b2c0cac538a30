import { useEffect, useRef } from 'react';
import { type PendingPayment, useCheckout } from '@/client/stores/checkout';
import { CHARGE_RESEND_MS } from '../lib/timing';
import type { PaymentFlow } from './use-payment-flow';

/**
 * The charge is sent while none is answered: at once, again every few seconds while the server
 * cannot answer, and as soon as the connection returns. `paidAlready`: the order turned out paid.
 */
export function useChargeResend(payment: PendingPayment, flow: PaymentFlow, paidAlready: (orderId: string) => void): void {
  const wallet = payment.wallet;
  const refused = !payment.charge && Boolean(payment.chargeError);
  const awaitingAnswer = !payment.charge && wallet && !refused ? `${wallet.phone}/${wallet.network}` : null;
  const latest = useRef({ flow, paidAlready });
  latest.current = { flow, paidAlready };
  useEffect(() => {
    if (!awaitingAnswer) return;
    let stopped = false;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const send = async () => {
      clearTimeout(timer);
      const current = useCheckout.getState().pendingPayment?.wallet;
      if (stopped || !current) return;
      const outcome = await latest.current.flow.charge(current, latest.current.paidAlready);
      if (outcome === 'again' && !stopped) timer = setTimeout(() => void send(), CHARGE_RESEND_MS);
    };
    void send();
    const onOnline = () => void send();
    window.addEventListener('online', onOnline);
    return () => {
      stopped = true;
      clearTimeout(timer);
      window.removeEventListener('online', onOnline);
    };
  }, [awaitingAnswer]);
}
