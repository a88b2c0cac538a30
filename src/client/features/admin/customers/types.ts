import type { AdminCustomer, Page } from '@/shared/types';

/** One page of `GET /getAllUsers?page=&limit=`. */
export type CustomerPage = Page<'users', AdminCustomer>;
