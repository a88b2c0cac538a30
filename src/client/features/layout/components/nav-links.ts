import { SHOP_CATEGORIES } from '@/shared/constants';

/** The top bar's links (spec section 2): the five categories, then Orders. */
export const NAV_LINKS = [...SHOP_CATEGORIES.map((c) => ({ to: `/${c.slug}` as const, label: c.label })), { to: '/orders' as const, label: 'Orders' }];
