/** The dashboard's own texts (the spec fixes the failure text). */
export const DASHBOARD_TEXTS = {
  loadFailed: 'Failed to load dashboard data',
  salesNote: 'Paid orders less refunds',
  loading: 'Loading the dashboard',
  noOrders: 'No orders yet',
  wellStocked: 'All products are well stocked',
} as const;
