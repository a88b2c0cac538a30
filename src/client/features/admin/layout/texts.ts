/** Words of the admin's frame beyond the spec's (the menu labels are the spec's, in lib/menu-links.ts). */
export const LAYOUT_TEXTS = {
  /** Under the test-payments banner's title: what it means for the owner, and where the way out is. */
  testPaymentsText:
    'No real money changes hands: Mobile Money payments here are practice. To take real payments, open a Paystack account; the Payments step of the setup guide shows what to do.',
  testPaymentsLink: 'Open the setup guide',
} as const;
