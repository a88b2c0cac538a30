/**
 * A product's address is /product/{slug} (its name in words). The id stands in for a product a phone's
 * copy or cart kept from before slugs: the server answers /product/{id} with a 301 to the slug.
 */
export const productAddress = (product: { _id: string; slug?: string }): string => product.slug || product._id;

/** The product page's path, for canonical and shared URLs. */
export const productPath = (product: { _id: string; slug?: string }): string => `/product/${productAddress(product)}`;
