/*
 * The catalogue at thousands of products. The contract between the server's paged
 * listing, stock and change-sync calls and the phone that uses them (README "Running a bigger shop").
 */
import type { ProductSort } from './constants';
import type { Product } from './types';

/**
 * Products in one page of `GET /products`: what a phone shows in two or three screens of its
 * two-column grid, so the first screen needs one small answer and a scroll fetches the next.
 */
export const PRODUCT_PAGE_SIZE = 24;
/** The most `?limit=` may ask for in one page. */
export const MAX_PRODUCT_PAGE_SIZE = 60;
/** The most ids `GET /stock?ids=` takes at once. */
export const MAX_STOCK_IDS = 100;

/** A page's order: the shop's sorts, or (only with `q`, and its default there) best match first. */
export type ProductPageSort = ProductSort | 'relevance';

/**
 * `GET /products?category&q&sort&cursor&limit`: one page of the catalogue. `nextCursor` asks for the
 * page after this one (null on the last); `total` is how many products match the whole query.
 */
export interface ProductPageAnswer {
  data: Product[];
  nextCursor: string | null;
  total: number;
}

/** A product's stock and availability, served apart from its data (they move with every order). */
export interface StockLevel {
  _id: string;
  stock: number;
  unitsSold: number;
}

/** `GET /stock?ids=a,b,c`: the levels of the products that exist (unknown or deleted ids are left out). */
export interface StockAnswer {
  data: StockLevel[];
}

/**
 * `GET /catalogueChanges?since=<version>`: what changed in the catalogue since the phone's copy.
 * Without `since` (or with one the server can no longer answer from), `full` is true and `products`
 * is the whole catalogue: the phone replaces its copy. Otherwise the phone applies, in this order,
 * `deleted` (ids to drop), `products` (added or edited, whole, with their stock) and `stock` (levels
 * that moved for products whose data did not). `version` is opaque: the phone keeps it and sends it
 * back as `since`.
 */
export interface CatalogueChanges {
  version: string;
  full: boolean;
  products: Product[];
  deleted: string[];
  stock: StockLevel[];
}
