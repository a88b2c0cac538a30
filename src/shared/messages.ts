/**
 * Texts the spec fixes that the storefront's first screens can show (the server answers with them
 * too): the cart, the catalogue, the session, offline. This object ships with every page's start-up,
 * so a text belongs here only when a first screen uses it; the texts of the screens that load with
 * their route (sign-in, checkout, orders, the account) are in page-messages.ts, and those only the
 * server's answers and the admin area show in server-messages.ts.
 */
export const MESSAGES = {
  loggedOut: 'Logged out successfully',
  sessionExpired: 'Session expired, please sign in',
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
  // Customer order screens: /orders, /order/{id} and the confirmation after checkout
  ordersFetchFailed: 'Failed to fetch orders',
  orderFetchFailed: 'Failed to fetch order',
  // Cart and profile failures (client, section 8): shown when the server gave no message of its own
  cartFetchFailed: 'Failed to fetch cart',
  cartAddFailed: 'Failed to add to cart',
  cartRemoveFailed: 'Failed to remove item',
  cartUpdateFailed: 'Failed to update quantity',
  cartClearFailed: 'Failed to clear cart',
  cartSyncFailed: 'Failed to sync guest cart',
  settingsFetchFailed: 'Failed to fetch settings',
  // Checkout screen (client): toasts, the payment panel's status line, the summary's note
  orderFailed: 'Failed to place order',
  guestOrderFailed: 'Failed to create guest order',
  cartRestoreFailed: 'Your order was cancelled, but its items could not be put back in your cart.',
  // Offline (client): the indicator, the outbox, install and updates
  offline: 'You are offline. You can keep browsing and filling your cart.',
  /** After `offline`, while the shop shows the catalogue it kept: how old its prices and stock are. */
  catalogueAsOf: (age: string) => `Prices and stock as of ${age}.`,
  ordersWaiting: (count: number) => (count === 1 ? '1 order will be sent when you are back online.' : `${count} orders will be sent when you are back online.`),
  queuedOrderSent: (orderNumber: string) => `Your saved order went through: ${orderNumber}. Order placed successfully!`,
  queuedOrderRefused: (reason: string) => `Your saved order could not be placed: ${reason}`,
  cartLineChanged: (name: string, reason: string) => `${name}: ${reason}. Your cart now shows what the shop has.`,
  logoutLosesQueuedOrder: 'An order is still waiting to be sent from this phone. If you log out now, it will not be sent. Log out anyway?',
  newVersion: 'New version available',
} as const;
