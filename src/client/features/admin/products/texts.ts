import { type AdminListTexts, pagedListTexts } from '@/client/components/admin-list';
import { type AdminProductSort, LIMITS } from '@/shared/constants';

/**
 * Texts of the admin product screens that the server never sends (spec section 8 and the admin
 * brief). The shared rules' texts (name required, price, stock, images) stay in shared/messages.ts.
 */
export const PRODUCT_TEXTS = {
  fetchListFailed: 'Failed to fetch products',
  fetchOneFailed: 'Failed to fetch product',
  notFound: 'Product not found',
  noProducts: 'No products found',
  noLowStock: 'No products are low on stock.',
  deleteFailed: 'Failed to delete product',
  addFailed: 'Failed to add product',
  updateFailed: 'Failed to update product',
  loadingList: 'Loading products',
  productsFound: (n: number) => (n === 1 ? '1 product' : `${n} products`),
  searchHint: 'Name, description or category.',
  loadingOne: 'Loading product',
  loadingLowStock: 'Loading low stock products',
  imagesHint: `Up to ${LIMITS.maxProductImages} images: JPEG, PNG or WebP, at most ${LIMITS.maxImageBytes / 1024 / 1024} MB each. The first is the main image.`,
  descriptionHint: 'Optional.',
  maxPerOrderHint: 'Leave empty for no limit beyond stock.',
  /** A product still in a category the form no longer offers ("Others", which has no page in the shop). */
  categoryWithoutPage: (category: string) => `${category} (no page in the shop: choose another)`,
  /** The row's menu button (See in the shop, Delete) and its name for one product. */
  more: 'More',
  moreFor: (name: string) => `More actions for ${name}`,
  seeInShop: 'See in the shop',
  categoryLabel: 'Category',
  allCategories: 'All categories',
  sortLabel: 'Sort by',
  deleteWarning: 'It leaves the shop and every cart. Past orders keep their copy of it.',
} as const;

/** The list's orders: newest first (the server's default, out of the address), then the others as the select lists them. */
export const NEWEST_FIRST = 'Newest first';
export const PRODUCT_SORT_CHOICES: readonly (readonly [Exclude<AdminProductSort, 'newest'>, string])[] = [
  ['name', 'Name (A to Z)'],
  ['stock-asc', 'Stock (lowest first)'],
  ['price-asc', 'Price: Low to High'],
  ['price-desc', 'Price: High to Low'],
  ['popularity', 'Best sellers'],
  ['rating', 'Average Rating'],
];

/** What the products list says: its failure, its loading line, its count and its pager's name. */
export const PRODUCTS_LIST_TEXTS = pagedListTexts(PRODUCT_TEXTS.fetchListFailed, PRODUCT_TEXTS.loadingList, PRODUCT_TEXTS.productsFound, 'Products pages');

/** What the low stock list says: its failure, its loading line and its count. */
export const LOW_STOCK_LIST_TEXTS: AdminListTexts<readonly unknown[]> = {
  failure: PRODUCT_TEXTS.fetchListFailed,
  loading: PRODUCT_TEXTS.loadingLowStock,
  count: (answer) => PRODUCT_TEXTS.productsFound(answer.length),
};
