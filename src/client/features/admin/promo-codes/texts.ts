/**
 * The promo codes screen's texts. The server's answers carry SERVER_MESSAGES.promoSaved / promoDeleted and
 * its refusals (promoExists, promoCodeInvalid, promoPercentInvalid, and the limits' messages), which the
 * screen shows as sent.
 */
export const PROMO_TEXTS = {
  loadFailed: 'Failed to load promo codes',
  loading: 'Loading promo codes',
  empty: 'No promo codes yet',
  saveFailed: 'Failed to save promo code',
  deleteFailed: 'Failed to delete promo code',
  // Limits
  limitsLegend: 'Limits (optional)',
  limitsLegendFor: (code: string) => `Limits for ${code}`,
  startsLabel: 'First day',
  startsHint: 'Empty: works at once. Accra time, from midnight.',
  endsLabel: 'Last day',
  endsHint: 'Empty: never ends. Works until 23:59 that day.',
  maxUsesLabel: 'Max uses',
  maxUsesHint: 'Orders in all; empty for no limit. Cancelled orders give their use back.',
  onePerCustomerLabel: 'One use per customer',
  onePerCustomerHint: 'Known by account, phone number or e-mail.',
  editLimits: 'Limits',
  saveLimits: 'Save limits',
  cancel: 'Cancel',
  noChange: 'Nothing changed',
  onePerCustomerNote: 'One per customer',
} as const;
