/** One cart line as the screens show it (spec section 3: cart item). */
export interface CartItem {
  productId: string;
  /** The product's address (/product/{slug}); missing in a cart saved before slugs, whose link uses the id (answered with a 301). */
  slug?: string;
  name: string;
  price: number;
  image: string | null;
  quantity: number;
  stock: number;
  /**
   * The product's own "most per order", when the line was made; null or missing (a cart
   * saved before it existed): only the stock and the cap of 100 limit it.
   */
  maxPerOrder?: number | null;
  /** The server's line id, for signed-in carts. */
  lineId?: string;
}
