import type { CustomerListItem } from '@/shared/admin-types';
import type { Page } from '@/shared/types';

/** One page of `GET /getAllUsers?kind=&page=&limit=`: accounts and guest buyers. */
export type CustomerPage = Page<'users', CustomerListItem>;
