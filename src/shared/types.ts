import type { Category, OrderStatus, PaymentMethod, PaymentStatus, Role } from './constants';

/** Answer shapes of the API (ARCHITECTURE section 4). Money in cedis, dates as ISO strings. */
export interface Product {
  _id: string;
  name: string;
  description: string;
  category: Category;
  price: number;
  stock: number;
  productImageUrls: string[];
  createdAt: string;
  newArrival: boolean;
  rating: number | null;
  ratingCount: number;
  unitsSold: number;
}

export interface CartLine {
  _id: string;
  quantity: number;
  product: Pick<Product, '_id' | 'name' | 'price' | 'productImageUrls' | 'stock'>;
}

export interface CartAnswer {
  Cart: [{ items: CartLine[] }];
  message?: string;
}

export interface MergeCartAnswer extends CartAnswer {
  skipped: { productId: string; reason: string }[];
  adjusted: { productId: string; quantity: number; reason: string }[];
}

export interface User {
  _id: string;
  fullName: string;
  email: string;
  role: Role;
  createdAt: string;
}

export interface LoginAnswer {
  token: string;
  data: { role: Role; _id: string; fullName: string; email: string };
}

export interface ShopSettings {
  shopName: string;
  email: string;
  phone: string;
  whatsapp: string;
  address: string;
  logo: string | null;
  socials: { facebook?: string; instagram?: string; tiktok?: string; x?: string; whatsapp?: string };
}

export interface OrderItem {
  /** A snapshot taken when the order was placed: later product edits or deletion do not change it. */
  product: { _id: string; name: string; price: number; productImageUrls: string[] };
  priceAtPurchase: number;
  quantity: number;
}

export interface Order {
  _id: string;
  /** Short and human, for the phone and the counter: `NK-7K3Q9P`. */
  orderNumber: string;
  createdAt: string;
  subtotal: number;
  discount: number;
  total: number;
  promoCode: string | null;
  orderStatus: OrderStatus;
  paymentStatus: PaymentStatus;
  paymentReference: string | null;
  /** Something a person must look at: 'refund due', 'paid after expiry'. */
  needsAttention: string | null;
  user: { _id: string; fullName: string; email: string } | null;
  fullName: string;
  email: string;
  phone: string;
  address: string;
  city: string;
  paymentMethod: { fullName: string; email: string; phone: string; address: string; city: string; paymentMethod: PaymentMethod };
  items: OrderItem[];
  /** When an unpaid Mobile Money order gives its stock back; null once paid, cancelled or for cash. */
  holdExpiresAt: string | null;
  paidAt: string | null;
  cancelledAt: string | null;
}

export interface OrderAnswer {
  message: string;
  order: Order;
  /** Guests only: sent back as `X-Order-Token` to read, pay or cancel this order. */
  orderToken?: string;
}

export interface PromoAnswer {
  valid: boolean;
  code: string;
  percent: number;
  message: string;
  /** With a subtotal in the request: the discount it gives, in cedis. */
  discount?: number;
}

export type VerifyStatus = 'success' | 'pending' | 'failed' | 'abandoned';

export interface InitializePaymentAnswer {
  payment_link: string;
  reference: string;
  message: string;
}

export interface VerifyPaymentAnswer {
  status: VerifyStatus;
  orderId: string;
  paymentStatus: PaymentStatus;
}

export interface ApiError {
  message: string;
  errors?: { path: (string | number)[]; message: string }[];
}

export type { OrderStatus, PaymentMethod, PaymentStatus };
