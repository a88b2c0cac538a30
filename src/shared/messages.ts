/**
 * Texts the spec fixes that the storefront's first screens can show (the server answers with them
 * too): the cart, the catalogue, the session, offline. This object ships with every page's start-up,
 * so a text belongs here only when a first screen uses it; the texts of the screens that load with
 * their route (sign-in, checkout, orders, the account) are in page-messages.ts, and those only the
 * server's answers and the admin area show in server-messages.ts.
 */
export const MESSAGES = {
  invalidProduct: 'Invalid product selected',
  productNotFound: 'Product not found.',
  outOfStock: 'This product is out of stock',
  onlyNInStock: (n: number) => `Only ${n} items available in stock`,
  atMostPerOrder: (n: number) => `At most ${n} per order`,
  invalidQuantity: 'Please enter a valid quantity',
  itemRemoved: 'Item removed from cart',
  quantityUpdated: 'Quantity updated',
  cartCleared: 'Cart cleared',
  addedToCart: (name: string) => `${name} added to cart`,
  // The catalogue and one product (storefront and admin)
  productsFetchFailed: 'Failed to fetch products',
  productFetchFailed: 'Failed to fetch product',
  // Cart and profile failures (client, section 8): shown when the server gave no message of its own
  cartFetchFailed: 'Failed to fetch cart',
  cartAddFailed: 'Failed to add to cart',
  cartRemoveFailed: 'Failed to remove item',
  cartUpdateFailed: 'Failed to update quantity',
  cartClearFailed: 'Failed to clear cart',
  cartSyncFailed: 'Failed to sync guest cart',
  settingsFetchFailed: 'Failed to fetch settings',
  // Checkout screen (client): toasts, the payment panel's status line, the summary's note
  cartRestoreFailed: 'Your order was cancelled, but its items could not be put back in your cart.',
} as const;
