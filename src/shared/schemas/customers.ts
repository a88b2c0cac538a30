import * as z from 'zod/mini';
import { ROLES } from '../constants';
import { pagingShape } from './fields';

/** Which buyers `GET /getAllUsers` lists: accounts (the spec's list, the default), guest buyers, or both. */
export const CUSTOMER_KINDS = ['account', 'guest', 'all'] as const;

/**
 * `GET /getAllUsers`: case-insensitive search on name, e-mail or phone, an optional role (of
 * accounts: guest buyers have none), which kind of buyer, paging.
 */
export const userListQuerySchema = z.object({
  kind: z.optional(z.enum(CUSTOMER_KINDS, { error: `Unknown kind. Use one of: ${CUSTOMER_KINDS.join(', ')}.` })),
  q: z.optional(z.string().check(z.trim(), z.maxLength(100, 'The search text is too long.'))),
  role: z.optional(z.enum(ROLES, { error: `Unknown role. Use one of: ${ROLES.join(', ')}.` })),
  ...pagingShape,
});
export type UserListQuery = z.infer<typeof userListQuerySchema>;
