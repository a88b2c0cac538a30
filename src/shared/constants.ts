/** The shop's own name, for titles and texts (settings may change what the footer shows). */
export const SHOP_NAME = 'Nkuto Naturals';

/** Categories as stored, with their route slugs and menu labels (ARCHITECTURE section 4). */
export const CATEGORIES = ['Hair', 'Skin', 'Cleansers', 'Gifts and Sets', 'Natural Oils', 'Others'] as const;
export type Category = (typeof CATEGORIES)[number];

/** The five shopper-facing categories; `Others` exists only in the admin form. */
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

/**
 * Typed admin flags on an order (ARCHITECTURE §8b): something a person must look at. Admin-only,
 * never in a shopper's answer; each is raised once while open and cleared by an admin with a note.
 */
export const ORDER_FLAGS = [
  'refund_due',
  'paid_after_expiry',
  'paid_after_cancellation',
  'amount_mismatch',
  'paid_twice',
  'refund_failed',
  'dispute_opened',
  'test_payment',
  'paid_without_stock',
] as const;
export type OrderFlagKind = (typeof ORDER_FLAGS)[number];
export const ORDER_FLAG_LABELS: Record<OrderFlagKind, string> = {
  refund_due: 'Refund due',
  paid_after_expiry: 'Paid after expiry: refund or fulfil',
  paid_after_cancellation: 'Paid after cancellation',
  amount_mismatch: 'Amount mismatch',
  paid_twice: 'Paid twice',
  refund_failed: 'Refund failed',
  dispute_opened: 'Dispute opened',
  test_payment: 'Test payment',
  paid_without_stock: 'Paid, items not put aside: fulfil or refund',
};

/**
 * Messages the shop sends (ARCHITECTURE §5b), each written to the outbox in the same transaction as
 * the event that causes it. Shopper messages go by SMS and e-mail; owner alerts to the owner's
 * contacts in the admin-only alert settings.
 */
export const MESSAGE_KINDS = [
  'order_received',
  'payment_received',
  'order_shipped',
  'order_delivered',
  'order_cancelled',
  'refund_made',
  'owner_new_order',
  'owner_payment_flag',
  'owner_low_stock',
  'password_reset',
  'payment_link',
  'phone_code',
  'owner_backup_failed',
  'owner_disk_full',
  'owner_sms_credit_low',
] as const;
export type MessageKind = (typeof MESSAGE_KINDS)[number];
export const MESSAGE_KIND_LABELS: Record<MessageKind, string> = {
  order_received: 'Order received',
  payment_received: 'Payment received',
  order_shipped: 'Order shipped',
  order_delivered: 'Order delivered',
  order_cancelled: 'Order cancelled',
  refund_made: 'Refund made',
  owner_new_order: 'Owner: new order',
  owner_payment_flag: 'Owner: payment flag',
  owner_low_stock: 'Owner: low stock',
  password_reset: 'Password reset',
  payment_link: 'Payment link',
  phone_code: 'Phone code',
  owner_backup_failed: 'Owner: backup failed',
  owner_disk_full: 'Owner: disk nearly full',
  owner_sms_credit_low: 'Owner: SMS credit low',
};
export const MESSAGE_CHANNELS = ['sms', 'email'] as const;
export type MessageChannel = (typeof MESSAGE_CHANNELS)[number];
/**
 * queued: waiting to go (or to be tried again); sending: handed to the gateway; logged: no gateway configured, shown here only;
 * unknown: the gateway may or may not have taken it (its answer was lost): never sent again by itself, only by an admin's resend.
 */
export const MESSAGE_STATUSES = ['queued', 'sending', 'sent', 'failed', 'logged', 'unknown'] as const;
export type MessageStatus = (typeof MESSAGE_STATUSES)[number];
/** The flags that alert the owner as they are raised (the rest are the shop's own bookkeeping). */
export const ALERTING_FLAGS = [
  'paid_after_expiry',
  'amount_mismatch',
  'paid_twice',
  'refund_failed',
  'dispute_opened',
  'paid_without_stock',
] as const satisfies readonly OrderFlagKind[];

export const REFUND_STATUSES = ['pending', 'processed', 'failed'] as const;
export type RefundStatus = (typeof REFUND_STATUSES)[number];
export const DISPUTE_STATUSES = ['open', 'resolved'] as const;
export type DisputeStatus = (typeof DISPUTE_STATUSES)[number];

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
