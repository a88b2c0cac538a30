import * as z from 'zod/mini';
import { CATEGORIES, type Category, categoryFromSlug, LIMITS, PRODUCT_SORTS } from '../constants';
import { positiveIntParam } from './fields';

/** `?category=` takes the stored name (`Natural Oils`) or its slug (`natural-oils`), any case. */
const categoryParam = z.optional(
  z.pipe(
    z.string(),
    z.transform((value, ctx): Category => {
      const trimmed = value.trim();
      const found = CATEGORIES.find((c) => c.toLowerCase() === trimmed.toLowerCase()) ?? categoryFromSlug(trimmed.toLowerCase());
      if (!found) {
        ctx.issues.push({ code: 'custom', message: `Unknown category. Use one of: ${CATEGORIES.join(', ')}.`, input: value });
        return z.NEVER;
      }
      return found;
    }),
  ),
);

export const productListQuerySchema = z.object({
  category: categoryParam,
  q: z.optional(z.string().check(z.trim(), z.maxLength(100, 'The search text is too long.'))),
  sort: z.optional(z.enum(PRODUCT_SORTS, `Unknown sort. Use one of: ${PRODUCT_SORTS.join(', ')}.`)),
  page: positiveIntParam(100_000),
  limit: positiveIntParam(LIMITS.maxPageSize),
});
export type ProductListQuery = z.infer<typeof productListQuerySchema>;
