import * as z from 'zod/mini';
import { MAX_PRODUCT_PAGE_SIZE, MAX_STOCK_IDS } from '../catalogue';
import { ADMIN_PRODUCT_SORTS, CATEGORIES, type Category, categoryFromSlug, LIMITS, PRODUCT_SORTS } from '../constants';
import { PAGE_MESSAGES } from '../page-messages';
import { isId, noControlCharacters, positiveIntParam, requiredText } from './fields';

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
  sort: z.optional(z.enum(ADMIN_PRODUCT_SORTS, `Unknown sort. Use one of: ${ADMIN_PRODUCT_SORTS.join(', ')}.`)),
  page: positiveIntParam(100_000),
  limit: positiveIntParam(LIMITS.maxPageSize),
});
export type ProductListQuery = z.infer<typeof productListQuerySchema>;

// ---------------------------------------------------------------------------------------------
// Admin product form (POST /addProduct, PATCH /updateProductInfo/{id}): multipart text fields,
// so numbers and the New Arrival flag arrive as strings. The admin form validates with the same
// schemas, where they may also be numbers and booleans.

const MAX_PRODUCT_AMOUNT = 1_000_000;
const MAX_DESCRIPTION_LENGTH = 5000;

/** A stored category name, in any case (`natural oils` → `Natural Oils`). */
const productCategory = z.pipe(
  z.string({ error: PAGE_MESSAGES.productCategoryRequired }),
  z.transform((value, ctx): Category => {
    const trimmed = value.trim().toLowerCase();
    const found = CATEGORIES.find((c) => c.toLowerCase() === trimmed);
    if (!found) {
      ctx.issues.push({ code: 'custom', message: PAGE_MESSAGES.productCategoryRequired, input: value });
      return z.NEVER;
    }
    return found;
  }),
);

/** Cedis from 0 to 1,000,000 with at most two decimals, as a number or a decimal string (`45.5`, `45.50`). */
const productPrice = z.pipe(
  z.union([z.number(), z.string()], { error: PAGE_MESSAGES.productPriceInvalid }),
  z.transform((value, ctx) => {
    const n = typeof value === 'number' ? value : /^\s*\d{1,7}(?:\.\d{0,2})?\s*$/.test(value) ? Number(value) : Number.NaN;
    const cents = n * 100;
    if (!Number.isFinite(cents) || n < 0 || n > MAX_PRODUCT_AMOUNT || Math.abs(cents - Math.round(cents)) > 1e-6) {
      ctx.issues.push({ code: 'custom', message: PAGE_MESSAGES.productPriceInvalid, input: value });
      return z.NEVER;
    }
    return Math.round(cents) / 100;
  }),
);

/** A whole number of items from 0 to 1,000,000, as a number or a digit string. */
const productStock = z.pipe(
  z.union([z.number(), z.string()], { error: PAGE_MESSAGES.productStockInvalid }),
  z.transform((value, ctx) => {
    const n = typeof value === 'number' ? value : /^\s*\d{1,7}\s*$/.test(value) ? Number(value) : Number.NaN;
    if (!Number.isInteger(n) || n < 0 || n > MAX_PRODUCT_AMOUNT) {
      ctx.issues.push({ code: 'custom', message: PAGE_MESSAGES.productStockInvalid, input: value });
      return z.NEVER;
    }
    return n;
  }),
);

/** "Most per order": 1 to 100 as a number or digit string; empty or null means no limit of its own. */
const productMaxPerOrder = z.pipe(
  z.union([z.number(), z.string(), z.null()], { error: PAGE_MESSAGES.productMaxPerOrderInvalid }),
  z.transform((value, ctx) => {
    if (value === null || (typeof value === 'string' && value.trim() === '')) return null;
    const n = typeof value === 'number' ? value : /^\s*\d{1,3}\s*$/.test(value) ? Number(value) : Number.NaN;
    if (!Number.isInteger(n) || n < 1 || n > LIMITS.maxQuantity) {
      ctx.issues.push({ code: 'custom', message: PAGE_MESSAGES.productMaxPerOrderInvalid, input: value });
      return z.NEVER;
    }
    return n;
  }),
);

const TRUE_WORDS = new Set(['true', 'on', '1', 'yes']);
const FALSE_WORDS = new Set(['false', 'off', '0', 'no', '']);

/** A checkbox: `true`/`on`/`1` or `false`/`0`/empty (and real booleans from the admin form). */
const flag = z.pipe(
  z.union([z.boolean(), z.string()], { error: 'New Arrival must be true or false.' }),
  z.transform((value, ctx) => {
    if (typeof value === 'boolean') return value;
    const word = value.trim().toLowerCase();
    if (TRUE_WORDS.has(word)) return true;
    if (FALSE_WORDS.has(word)) return false;
    ctx.issues.push({ code: 'custom', message: 'New Arrival must be true or false.', input: value });
    return z.NEVER;
  }),
);

const productDescription = z
  .string({ error: `The description must be text of at most ${MAX_DESCRIPTION_LENGTH} characters.` })
  .check(z.trim(), z.maxLength(MAX_DESCRIPTION_LENGTH, `The description can have at most ${MAX_DESCRIPTION_LENGTH} characters.`), noControlCharacters(true));

const productName = requiredText(PAGE_MESSAGES.productNameRequired, LIMITS.maxNameLength);

/** The spec's form sends `newArrival`; the admin form calls it `isNewArrival`. Either is accepted. */
function withNewArrival<T extends { newArrival?: boolean; isNewArrival?: boolean }>({ newArrival, isNewArrival, ...rest }: T) {
  return { ...rest, newArrival: newArrival ?? isNewArrival };
}

/** Adding a product: name, category, price and stock required; description defaults to '', New Arrival to false. */
export const productFormSchema = z.pipe(
  z.object({
    name: productName,
    description: z._default(productDescription, ''),
    category: productCategory,
    price: productPrice,
    stock: productStock,
    maxPerOrder: z.optional(productMaxPerOrder),
    newArrival: z.optional(flag),
    isNewArrival: z.optional(flag),
  }),
  z.transform((value) => {
    const merged = withNewArrival(value);
    return { ...merged, newArrival: merged.newArrival ?? false, maxPerOrder: merged.maxPerOrder ?? null };
  }),
);
export type ProductFormValues = z.output<typeof productFormSchema>;

/** Editing a product: every field optional; an absent field keeps its value. */
export const productUpdateSchema = z.pipe(
  z.object({
    name: z.optional(productName),
    description: z.optional(productDescription),
    category: z.optional(productCategory),
    price: z.optional(productPrice),
    stock: z.optional(productStock),
    maxPerOrder: z.optional(productMaxPerOrder),
    newArrival: z.optional(flag),
    isNewArrival: z.optional(flag),
  }),
  z.transform(withNewArrival),
);
export type ProductUpdateValues = z.output<typeof productUpdateSchema>;

/** `GET /getLowStockProducts?threshold=`: products with this stock or less (default 5). */
export const lowStockQuerySchema = z.object({
  threshold: z._default(
    z.pipe(
      z.string(),
      z.transform((value, ctx) => {
        const n = /^\s*\d{1,4}\s*$/.test(value) ? Number(value) : Number.NaN;
        if (!Number.isInteger(n) || n > 1000) {
          ctx.issues.push({ code: 'custom', message: 'The threshold must be a whole number from 0 to 1000.', input: value });
          return z.NEVER;
        }
        return n;
      }),
    ),
    LIMITS.lowStockThreshold,
  ),
});

// ---------------------------------------------------------------------------------------------
// The paged listing, stock levels and catalogue changes (src/shared/catalogue.ts).

/** `GET /products`: the listing's filters, its order (`relevance` only with `q`) and an opaque cursor. */
export const productPageQuerySchema = z.object({
  category: categoryParam,
  q: z.optional(z.string().check(z.trim(), z.maxLength(100, 'The search text is too long.'))),
  sort: z.optional(z.enum([...PRODUCT_SORTS, 'relevance'], `Unknown sort. Use one of: ${[...PRODUCT_SORTS, 'relevance'].join(', ')}.`)),
  // The last product's sort values, its name among them (up to 120 characters of any script), base64url.
  cursor: z.optional(z.string().check(z.maxLength(1000, 'This list has moved on. Start again from the top.'))),
  limit: positiveIntParam(MAX_PRODUCT_PAGE_SIZE),
});
export type ProductPageQuery = z.infer<typeof productPageQuerySchema>;

/** `GET /stock?ids=a,b,c`: up to MAX_STOCK_IDS product ids, comma separated. */
export const stockQuerySchema = z.object({
  ids: z.pipe(
    z.string({ error: 'Give the products as ids=a,b,c.' }),
    z.transform((value, ctx) => {
      const ids = [
        ...new Set(
          value
            .split(',')
            .map((id) => id.trim())
            .filter(Boolean),
        ),
      ];
      if (ids.length === 0 || ids.length > MAX_STOCK_IDS || !ids.every(isId)) {
        ctx.issues.push({ code: 'custom', message: `Give between 1 and ${MAX_STOCK_IDS} product ids as ids=a,b,c.`, input: value });
        return z.NEVER;
      }
      return ids;
    }),
  ),
});

/** `GET /catalogueChanges?since=`: the version the phone's copy is at (absent: the whole catalogue). */
export const catalogueChangesQuerySchema = z.object({
  since: z.optional(z.string().check(z.maxLength(100, 'Unknown catalogue version.'))),
});
