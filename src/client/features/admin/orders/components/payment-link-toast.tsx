import { button } from '@/client/components/button';
import { toast } from '@/client/lib/toast';
import { ENTER_ORDER_TEXTS as T } from '../texts';
import * as styles from './enter-order-page.css';

/** A payment link stays on screen long enough to be read out or copied. */
const LINK_TOAST_MS = 30_000;

/** The success toast of a payment link: the message, the link, and a way to copy it (to send on WhatsApp too). */
export function toastPaymentLink(message: string, link: string): void {
  toast.success(<PaymentLinkToast message={message} link={link} />, { duration: LINK_TOAST_MS });
}

function PaymentLinkToast({ message, link }: { message: string; link: string }) {
  return (
    <span className={styles.linkBox}>
      <strong>{message}</strong>
      <span className={styles.linkText}>{link}</span>
      <button
        type="button"
        className={button({ tone: 'quiet' })}
        onClick={() => void navigator.clipboard?.writeText(link).then(() => toast.success(T.linkCopied))}
      >
        {T.copyLink}
      </button>
    </span>
  );
}
