import type { AdminOrder as SharedAdminOrder } from '../../../../shared/types';

/**
 * An order as the admin calls answer it (flags and disputes included); shipping and tax come only
 * when the shop sets them.
 */
export interface AdminOrder extends SharedAdminOrder {
  shipping?: number | null;
  tax?: number | null;
}

/** One page of `GET /getAllOrders?page=&limit=`. */
export interface OrderPage {
  orders: AdminOrder[];
  total: number;
  page: number;
  limit: number;
}
