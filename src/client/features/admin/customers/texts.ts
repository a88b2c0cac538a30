import { pagedListTexts } from '@/client/components/admin-list';
/**
 * Texts only the admin customer screens use (the spec's own texts are in shared/messages.ts). Kept
 * here rather than in shared/messages.ts: the server never sends them.
 */
export const CUSTOMERS_TEXTS = {
  noCustomers: 'No customers found',
  loadFailed: 'Failed to fetch customers',
  loadingCustomers: 'Loading customers…',
  customerFailed: 'Failed to fetch customer',
  loadingCustomer: 'Loading customer…',
  searchHint: 'Name, e-mail or phone',
  /** Accounts and the buyers who ordered without one. */
  kindLabel: 'Show',
  kindAll: 'Accounts and guests',
  kindAccounts: 'Accounts',
  kindGuests: 'Guest buyers',
  guestBadge: 'Guest',
  guestNote: 'Ordered without an account: these orders share a phone number or an e-mail address.',
  otherContacts: 'Also used',
  exportLabel: 'Export CSV',
  exportFailed: 'Failed to export the customers',
  exportSubscribersLabel: 'Export newsletter subscribers',
  exportSubscribersFailed: 'Failed to export the subscribers',
  customersFound: (n: number) => (n === 1 ? '1 customer' : `${n} customers`),
  noOrders: 'No orders yet',
  unknown: 'Not known yet',
  spentHint: 'Paid orders, not counting cancelled ones.',
  contactHint: 'Address from the latest order.',
  /** No phone known (an account with no phone of its own and no orders). */
  noPhone: 'None',
  /** A buyer known by phone alone (orders the shop entered without an e-mail): never its placeholder. */
  noEmail: 'None',
  lastOrder: 'Last order',
  resetFailed: 'Failed to send the reset',
} as const;

/** Admin lists show 10 rows a page (spec section 9). */
export const CUSTOMERS_PER_PAGE = 10;

/** What the customers list says: its failure, its loading line, its count and its pager's name. */
export const CUSTOMERS_LIST_TEXTS = pagedListTexts(
  CUSTOMERS_TEXTS.loadFailed,
  CUSTOMERS_TEXTS.loadingCustomers,
  CUSTOMERS_TEXTS.customersFound,
  'Customers pages',
);
