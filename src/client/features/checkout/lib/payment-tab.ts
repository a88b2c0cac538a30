import { PAGE_MESSAGES } from '@/shared/page-messages';

/**
 * Opens the tab the payment page will load in. Browsers allow a pop-up only inside the tap's own
 * handler, so this runs before anything is awaited; null when the browser blocked it (the payment
 * page then opens in this window). The tab loses its link back to the shop, so the payment page
 * cannot steer the checkout (reverse tabnabbing).
 */
export function openPaymentTab(): Window | null {
  const tab = window.open('', '_blank');
  if (!tab) return null;
  try {
    tab.opener = null;
    // A blank tab on slow data looks broken: say what is coming.
    tab.document.title = PAGE_MESSAGES.paymentOpening;
    tab.document.body.textContent = PAGE_MESSAGES.paymentOpening;
  } catch {
    // Nothing to say in a tab the browser does not let us write to.
  }
  return tab;
}

/** Sends the opened tab to the payment page, or this window when the tab was blocked. */
export function showPaymentPage(tab: Window | null, link: string): void {
  if (tab) tab.location.href = link;
  else window.location.assign(link);
}
