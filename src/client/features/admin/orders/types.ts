import type { Order } from '../../../../shared/types';

/** An order as the admin calls answer it; shipping and tax come only when the shop sets them. */
export interface AdminOrder extends Order {
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
