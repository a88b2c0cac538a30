/** The shop's own name, for titles and texts (settings may change what the footer shows). */
export const SHOP_NAME = 'Nkuto Naturals';

/** Categories as stored, with their route slugs and menu labels (ARCHITECTURE section 4). */
export const CATEGORIES = ['Hair', 'Skin', 'Cleansers', 'Gifts and Sets', 'Natural Oils', 'Others'] as const;
export type Category = (typeof CATEGORIES)[number];

/** The five shopper-facing categories. `Others` has no page in the shop and the admin form no longer offers it (docs/decisions.md). */
export const SHOP_CATEGORIES = [
  { category: 'Hair', slug: 'hair', label: 'Hair' },
  { category: 'Skin', slug: 'skin', label: 'Skin' },
  { category: 'Cleansers', slug: 'cleansers', label: 'Cleansers' },
  { category: 'Gifts and Sets', slug: 'gifts-and-sets', label: 'Gift & Sets' },
  { category: 'Natural Oils', slug: 'natural-oils', label: 'Natural Oils' },
] as const satisfies readonly { category: Category; slug: string; label: string }[];

export type CategorySlug = (typeof SHOP_CATEGORIES)[number]['slug'];

export function categoryFromSlug(slug: string): Category | undefined {
  return SHOP_CATEGORIES.find((c) => c.slug === slug)?.category;
}

export function slugFromCategory(category: string): CategorySlug | undefined {
  return SHOP_CATEGORIES.find((c) => c.category === category)?.slug;
}

export const PRODUCT_SORTS = ['popularity', 'price-asc', 'price-desc', 'newest', 'rating'] as const;
export type ProductSort = (typeof PRODUCT_SORTS)[number];

/** The admin products list's orders (`GET /getProducts?sort=`): the shop's, and by name or by stock (lowest first). */
export const ADMIN_PRODUCT_SORTS = [...PRODUCT_SORTS, 'name', 'stock-asc'] as const;
export type AdminProductSort = (typeof ADMIN_PRODUCT_SORTS)[number];

/** The shop and category pages' order when the link names none (`?sort=`). */
export const DEFAULT_SORT: ProductSort = 'popularity';

export const ROLES = ['admin', 'customer'] as const;
export type Role = (typeof ROLES)[number];

export const ORDER_STATUSES = ['Pending', 'Processing', 'Shipped', 'Delivered', 'Cancelled'] as const;
export type OrderStatus = (typeof ORDER_STATUSES)[number];
export const PAYMENT_STATUSES = ['Pending', 'Paid'] as const;
export type PaymentStatus = (typeof PAYMENT_STATUSES)[number];
export const PAYMENT_METHODS = ['Mobile Money', 'Cash on Delivery'] as const;
export type PaymentMethod = (typeof PAYMENT_METHODS)[number];

export const LIMITS = {
  /** Quantity input max when a product has no stock figure (spec section 9). */
  maxQuantity: 100,
  minPasswordLength: 8,
  maxPasswordLength: 200,
  maxNameLength: 120,
  maxEmailLength: 254,
  maxProductImages: 4,
  maxImageBytes: 5 * 1024 * 1024,
  maxPageSize: 100,
  maxMergeLines: 100,
  /** Cedis; totals are stored as 32-bit pesewas (at most ₵21,474,836.47), so an order stays well below. */
  maxOrderTotal: 10_000_000,
  searchResults: 5,
  lowStockThreshold: 5,
  sessionDays: 30,
  /** How long a password reset link or code works (once). */
  resetMinutes: 30,
  /** Digits of the code a reset by SMS sends. */
  resetCodeDigits: 6,
  /** Digits of the code that confirms a shopper's phone, how long it works, and how long the phone token it earns lasts. */
  phoneCodeDigits: 6,
  phoneCodeMinutes: 15,
  phoneTokenDays: 90,
  /** Wrong phone codes one phone may be sent in a day, across every code it was sent; then only the shop can confirm its orders. */
  phoneCodeWrongPerDay: 10,
  /** Delivery options a shop may define, and the highest fee one may charge, in cedis. */
  maxDeliveryOptions: 30,
  maxDeliveryFee: 100_000,
} as const;

/**
 * The most one order may take of a product: its stock, the quantity input's cap of 100,
 * and the product's own "most per order" when the admin set one. The server enforces it; the
 * product page and the cart use it for their quantity inputs.
 */
export function mostPerOrder(product: { stock: number; maxPerOrder?: number | null }): number {
  return Math.max(0, Math.min(product.stock, LIMITS.maxQuantity, product.maxPerOrder ?? LIMITS.maxQuantity));
}

/** Image widths stored for every upload; productImageUrls point at the middle one. */
export const IMAGE_WIDTHS = [320, 640, 1200] as const;
export const PRODUCT_IMAGE_URL_WIDTH = 640;

/**
 * Whether an order's buyer is shown to be real. `verified`: a phone confirmed by a code (on
 * this device, or the signed-in customer's), or the shop's own confirmation; `required`: the shopper
 * is asked for a code sent to the phone; `waiting_for_shop`: no SMS is set up, so the shop confirms
 * it. Until verified an order holds stock only briefly, within the share all unverified orders may hold.
 */
export const ORDER_VERIFICATIONS = ['verified', 'required', 'waiting_for_shop'] as const;
export type OrderVerification = (typeof ORDER_VERIFICATIONS)[number];
