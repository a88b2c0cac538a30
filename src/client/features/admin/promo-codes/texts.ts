/**
 * The promo codes screen's texts. The server's answers carry SERVER_MESSAGES.promoSaved / promoDeleted and
 * its refusals (promoExists, promoCodeInvalid, promoPercentInvalid), which the screen shows as sent.
 */
export const PROMO_TEXTS = {
  loadFailed: 'Failed to load promo codes',
  loading: 'Loading promo codes',
  empty: 'No promo codes yet',
  saveFailed: 'Failed to save promo code',
  deleteFailed: 'Failed to delete promo code',
} as const;
