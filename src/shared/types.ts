import type { Category, OrderStatus, PaymentStatus, Role } from './constants';

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

export interface ApiError {
  message: string;
  errors?: { path: (string | number)[]; message: string }[];
}

export type { OrderStatus, PaymentStatus };
