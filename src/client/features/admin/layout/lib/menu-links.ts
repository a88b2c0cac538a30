import type { LinkProps } from '@tanstack/react-router';

/**
 * The admin side menu (spec section 2, with the areas ARCHITECTURE adds): Dashboard, the Products
 * group, then one link per area. `exact`: only that address marks the link as the current page (the
 * dashboard's /admin is the start of every admin address; the products links share theirs).
 */
export interface AdminMenuLink {
  /** Checked against the route tree: a menu link to a page that does not exist fails the typecheck. */
  to: LinkProps['to'];
  label: string;
  exact: boolean;
}

interface AdminMenuGroup {
  label: string;
  links: readonly AdminMenuLink[];
}

type AdminMenuEntry = AdminMenuLink | AdminMenuGroup;

export const ADMIN_MENU = [
  { to: '/admin', label: 'Dashboard', exact: true },
  {
    label: 'Products',
    links: [
      { to: '/admin/products', label: 'All Products', exact: true },
      { to: '/admin/products/add', label: 'Add Product', exact: true },
      { to: '/admin/products/low-stock', label: 'Low Stock', exact: true },
    ],
  },
  { to: '/admin/orders', label: 'Orders', exact: false },
  { to: '/admin/orders/new', label: 'Record an order', exact: true },
  { to: '/admin/customers', label: 'Customers', exact: false },
  { to: '/admin/messages', label: 'Messages', exact: false },
  { to: '/admin/message-log', label: 'Message log', exact: false },
  { to: '/admin/promo-codes', label: 'Promo Codes', exact: false },
  { to: '/admin/settings', label: 'Settings', exact: false },
] as const satisfies readonly AdminMenuEntry[];

export const isMenuGroup = (entry: AdminMenuEntry): entry is AdminMenuGroup => 'links' in entry;
