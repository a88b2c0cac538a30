import type { DemoDataCounts, SetupStepId } from '@/shared/admin-types';

const plural = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;

/** The setup guide's words (the gaps themselves are the server's, in the owner's words). */
export const SETUP_TEXTS = {
  title: 'Set up your shop',
  intro: 'Work through these steps before real customers come. Each one links to where it is done.',
  loadFailed: 'Could not load the setup guide.',
  empty: 'There are no setup steps to show.',
  takesDaysTitle: 'Start these today: they take days',
  takesDaysNote: 'These are approved outside the shop. Ask for them now, then carry on with the rest.',
  allDone: 'Every step is done.',
  show: 'Show the setup guide',
  hide: 'Hide the setup guide',
  done: 'Done',
  notDone: 'Not done',
  progress: (done: number, total: number) => `${done} of ${total} steps done`,
  policiesTick: 'My delivery, returns and privacy policies are written and on the shop',
  policiesFailed: 'Could not save the policies tick.',
  goLive: 'Go live',
  goLiveIntro: 'Going live removes the demo data so the shop can take real orders.',
  goLiveBlocked: 'You cannot go live yet:',
  goLiveTitle: 'Go live and remove the demo data?',
  goLiveConfirm: 'Go live',
  goLiveFailed: 'Could not go live.',
  goLiveDone: 'Your shop is live. The demo data is gone.',
  goLiveText: (d: DemoDataCounts) =>
    `This removes ${plural(d.products, 'demo product', 'demo products')}, ${plural(d.customers, 'demo customer', 'demo customers')}, ` +
    `${plural(d.orders, 'demo order', 'demo orders')}, ${plural(d.promoCodes, 'promo code', 'promo codes')} and ` +
    `${plural(d.deliveryOptions, 'delivery option', 'delivery options')}. A backup of the whole shop is taken first. This cannot be undone here.`,
} as const;

/** Each step's name and where it is fixed. `docs`: a file on the server, not a page of the app. */
export const SETUP_STEPS: Record<
  SetupStepId,
  { name: string; fix?: { label: string; to: '/admin/settings' | '/admin/products'; hash?: string }; docs?: string }
> = {
  'shop-details': { name: 'Shop details', fix: { label: 'Open the settings', to: '/admin/settings', hash: 'shop-info-title' } },
  'admin-account': { name: 'Admin account', fix: { label: 'Change your password', to: '/admin/settings', hash: 'change-password-title' } },
  payments: { name: 'Payments', docs: 'See docs/going-online.md on the server: Mobile Money needs a Paystack key (PAYSTACK_SECRET_KEY).' },
  messages: { name: 'SMS and e-mail', fix: { label: 'Open the alerts settings', to: '/admin/settings', hash: 'owner-alerts-title' } },
  delivery: { name: 'Delivery', fix: { label: 'Open the delivery options', to: '/admin/settings', hash: 'delivery-options-title' } },
  products: { name: 'Products', fix: { label: 'Open the products', to: '/admin/products' } },
  policies: { name: 'Policies', fix: { label: 'Open the settings', to: '/admin/settings', hash: 'shop-info-title' } },
  'going-online': { name: 'Going online', docs: 'See docs/going-online.md on the server (the address, HTTPS, backups).' },
  'go-live': { name: 'Go live' },
};
