import type { ReactNode } from 'react';
import { Price } from '@/client/components/price';
import type { PendingPayment } from '@/client/stores/checkout';
import type { PaymentFlow } from '../hooks/use-payment-flow';
import type { PaidOutcome } from '../lib/paid';
import * as styles from './payment-panel.css';

/** What both payment panels (the charge on the phone, the hosted page) are given. */
export interface PaymentPanelProps {
  payment: PendingPayment;
  flow: PaymentFlow;
  onPaid(orderId: string, outcome: PaidOutcome): void;
}

/** One more line of the facts: its label and value. */
export function Fact({ label, children }: { label: string; children: ReactNode }) {
  return (
    <>
      <dt className={styles.factLabel}>{label}</dt>
      <dd className={styles.factValue}>{children}</dd>
    </>
  );
}

/** The order and its amount, then what the panel adds (when it started, the wallet). */
export function PaymentFacts({ payment, children }: { payment: PendingPayment; children?: ReactNode }) {
  return (
    <dl className={styles.facts}>
      <Fact label="Order number">{payment.orderNumber}</Fact>
      <Fact label="Amount">
        <Price value={payment.amount} />
      </Fact>
      {children}
    </dl>
  );
}
