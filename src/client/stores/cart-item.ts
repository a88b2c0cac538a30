/** One cart line as the screens show it (spec section 3: cart item). */
export interface CartItem {
  productId: string;
  name: string;
  price: number;
  image: string | null;
  quantity: number;
  stock: number;
  /** The server's line id, for signed-in carts. */
  lineId?: string;
}
