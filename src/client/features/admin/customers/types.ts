import type { AdminOrder, User } from '../../../../shared/types';

/** A row of `GET /getAllUsers`: the account with its order count and the money it has paid. */
export interface AdminCustomer extends User {
  joinDate: string;
  orderCount: number;
  /** Cedis received: paid orders that were not cancelled. */
  totalSpent: number;
  /** From the customer's latest order; accounts hold no address of their own. */
  phone: string | null;
  address: string | null;
}

/** One page of `GET /getAllUsers?page=&limit=`. */
export interface CustomerPage {
  users: AdminCustomer[];
  total: number;
  page: number;
  limit: number;
}

/** `GET /getUserById/{id}`: the account, its orders newest first and the totals. */
export interface CustomerProfile {
  user: AdminCustomer;
  orders: AdminOrder[];
  totalOrders: number;
  totalSpent: number;
}
