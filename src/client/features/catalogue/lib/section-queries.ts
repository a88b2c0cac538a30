import type { ListingQuery } from '@/client/lib/queries/catalogue';
import type { Category } from '@/shared/constants';

/*
 * The short lists of products some pages show beside their own content, each one short page of
 * `GET /products` (the route's loader and the page ask for the same ones). Constants or built from
 * their one input, so a section's query means the same key on the server and in the browser.
 */

/** Best Sellers: four of the most bought (shuffled for the visit), so a few more than four. */
export const BEST_SELLERS_QUERY: ListingQuery = { sort: 'popularity', limit: 8 };

/** New Arrivals: the newest products the shop marks as new, at most ten of them. */
export const NEW_ARRIVALS_QUERY: ListingQuery = { sort: 'newest', limit: 20 };

/** Similar products: four of the category's most bought, other than the product itself. */
export const similarProductsQuery = (category: Category): ListingQuery => ({ category, sort: 'popularity', limit: 9 });
