import * as z from 'zod/mini';
import { ROLES } from '../constants';
import { pagingShape } from './fields';

/** `GET /getAllUsers`: case-insensitive search on name or e-mail, an optional role, paging. */
export const userListQuerySchema = z.object({
  q: z.optional(z.string().check(z.trim(), z.maxLength(100, 'The search text is too long.'))),
  role: z.optional(z.enum(ROLES, { error: `Unknown role. Use one of: ${ROLES.join(', ')}.` })),
  ...pagingShape,
});
export type UserListQuery = z.infer<typeof userListQuerySchema>;
