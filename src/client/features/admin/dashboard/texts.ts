/** The dashboard's own texts (the spec fixes the failure text). */
export const DASHBOARD_TEXTS = {
  loadFailed: 'Failed to load dashboard data',
  salesNote: 'Paid orders less refunds',
  /** Beside Total Customers (accounts, as the spec counts them): the buyers without one. */
  guestBuyers: (n: number) => `+ ${new Intl.NumberFormat('en-GB').format(n)} guest ${n === 1 ? 'buyer' : 'buyers'}`,
  loading: 'Loading the dashboard',
  noOrders: 'No orders yet',
  wellStocked: 'All products are well stocked',
  // Cash on Delivery orders the shop must confirm before their hold runs out
  awaitingTitle: 'Waiting for confirmation',
  awaitingIntro: 'Cash on Delivery orders keep their items only until the time shown: move each to Processing once confirmed with the customer.',
  noneAwaiting: 'No orders waiting for confirmation.',
  viewPending: 'View pending orders',
  hoursLeft: (hours: number) => `${hours} h left`,
  minutesLeft: (minutes: number) => `${minutes} min left`,
  overdue: 'overdue',
  needAttention: (n: number) => `⚠ ${n} ${n === 1 ? 'needs' : 'need'} attention`,
  /** Open orders whose buyer has not confirmed a phone. */
  unverified: (n: number) => `${n} not confirmed by phone`,
} as const;

/** The "How fast your shop is for shoppers" card (real visits, issue 44). */
export const SHOPPER_SPEED_TEXTS = {
  title: 'How fast your shop is for shoppers',
  intro: (days: number) =>
    `Measured on shoppers' own phones over the last ${days} days. Each figure is what three in four visits were at least as fast as (the 75th percentile), rated against Google's thresholds.`,
  loading: "Loading your shoppers' speed",
  loadFailed: "Failed to load your shoppers' speed",
  empty: 'No visits measured yet',
  emptyNote: 'Figures appear here once shoppers have visited the shop (Settings decides the share of visits measured).',
  page: 'Page',
  visits: 'Visits',
  notMeasured: 'not measured',
  metricNames: {
    LCP: 'Loading (LCP)',
    INP: 'Response to taps (INP)',
    CLS: 'Layout stability (CLS)',
    TTFB: 'Server response (TTFB)',
  },
  // Google says "Needs improvement"; two words keep the five columns within a tablet's dashboard.
  ratings: { good: 'Good', 'needs-improvement': 'Needs work', poor: 'Poor' },
  basedOn: (n: number) => `${new Intl.NumberFormat('en-GB').format(n)} ${n === 1 ? 'visit' : 'visits'}`,
} as const;
