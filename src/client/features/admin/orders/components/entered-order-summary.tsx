import { Busy } from '@/client/components/busy';
import { button } from '@/client/components/button';
import { DELIVERY_TEXTS, type DeliveryOption } from '@/shared/delivery';
import { formatCedis } from '@/shared/money';
import { type EnteredLine, type EnteredTotals, lineTotal } from '../lib/entered-order';
import { ENTER_ORDER_TEXTS as T } from '../texts';
import * as styles from './enter-order-page.css';
import { feeText } from './entered-delivery-choices';

interface EnteredOrderSummaryProps {
  lines: readonly EnteredLine[];
  totals: EnteredTotals;
  promoCode: string | null;
  sending: boolean;
}

/** The order as it stands: each line, subtotal, discount, delivery and total, and the button that records it. */
export function EnteredOrderSummary({ lines, totals, promoCode, sending }: EnteredOrderSummaryProps) {
  return (
    <aside className={styles.summary} aria-labelledby="entered-summary-title">
      <h2 id="entered-summary-title" className={styles.summaryTitle}>
        {T.summaryTitle}
      </h2>
      <dl className={styles.pairs}>
        {lines.map((line) => (
          <SummaryPair key={line.product._id} label={`${line.product.name} × ${line.quantity}`} value={formatCedis(lineTotal(line))} />
        ))}
        <SummaryPair label={T.subtotal} value={formatCedis(totals.subtotal)} />
        {promoCode && totals.discount > 0 && <SummaryPair label={T.discount(promoCode)} value={`−${formatCedis(totals.discount)}`} />}
        {totals.delivery !== 'none' && totals.delivery !== 'unknown' && <SummaryPair label={T.delivery} value={deliveryText(totals.chosen, totals.fee)} />}
        <dt className={styles.totalLabel}>{T.total}</dt>
        <dd className={styles.totalValue}>{formatCedis(totals.total)}</dd>
      </dl>
      <button type="submit" className={button({ tone: 'primary', block: true })} disabled={sending} aria-busy={sending || undefined}>
        {sending && <Busy />}
        {sending ? T.submitting : T.submit}
      </button>
    </aside>
  );
}

function SummaryPair({ label, value }: { label: string; value: string }) {
  return (
    <>
      <dt className={styles.pairLabel}>{label}</dt>
      <dd className={styles.pairValue}>{value}</dd>
    </>
  );
}

/** The summary's delivery: the fee, who is paid, or that the shop agrees it with the customer. */
function deliveryText(chosen: DeliveryOption | null, fee: number | null): string {
  if (!chosen || fee === null) return T.deliveryToAgree;
  if (chosen.feePaidWith === 'rider' && fee > 0) return DELIVERY_TEXTS.paidToRider(formatCedis(fee));
  return feeText(fee);
}
