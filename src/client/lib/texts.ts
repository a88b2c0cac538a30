/**
 * The storefront's words that several features show (buttons, links, headings). The convention:
 * the spec's messages and anything the server also says live in the shared MESSAGES; words that
 * several components of one feature show live in that feature's texts.ts; words used in several
 * features live here; a word used once stays where it is used.
 */
export const SHOP_TEXTS = {
  signIn: 'Sign In',
  signUp: 'Sign Up',
  editProfile: 'Edit Profile',
  myOrders: 'My Orders',
  shopProducts: 'Shop Products',
  continueShopping: 'Continue shopping',
  orderSummary: 'Order Summary',
  subtotal: 'Subtotal',
  discount: 'Discount',
} as const;
