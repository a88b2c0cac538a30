import type { CustomerListItem, Page } from '@/shared/types';

/** One page of `GET /getAllUsers?kind=&page=&limit=`: accounts and guest buyers. */
export type CustomerPage = Page<'users', CustomerListItem>;
