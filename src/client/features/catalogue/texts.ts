/** Words that several catalogue components show (the product card and the product page). */
export const CATALOGUE_TEXTS = {
  addToCart: 'Add to Cart',
  buyNow: 'Buy Now',
  browseAll: 'Browse all products',
} as const;
