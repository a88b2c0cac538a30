import type { AdminOrder, Page } from '@/shared/types';

/** One page of `GET /getAllOrders?page=&limit=`. */
export type OrderPage = Page<'orders', AdminOrder>;
